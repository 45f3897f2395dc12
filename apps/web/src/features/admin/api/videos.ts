import type { VideoSlot, VideoTranscode } from '@marquee/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { adminQuery, useAdminMutation } from './admin-api-client';

/** How often a transcode's progress is read while it is queued or running. */
const POLL_MS = 2_000;

const settled = (data: VideoTranscode | undefined) => data?.state === 'ready' || data?.state === 'failed';

/** A video's transcode, read again every two seconds until it is ready or failed for good. */
export function useVideoTranscode(assetId: string | null) {
  return useQuery({
    ...adminQuery('videoTranscode', { params: { id: assetId ?? '' } }),
    enabled: assetId !== null,
    refetchInterval: (query) => (settled(query.state.data) ? false : POLL_MS),
  });
}

/** Attaches a finished upload to its slot; the title is read again to show the new video. */
export function useAttachUpload() {
  return useAdminMutation('attachUpload', {
    toCall: (body: { upload: string; slot: VideoSlot }) => ({ body }),
    invalidates: ['title', 'titles', 'videoTranscode'],
  });
}

export function useRetryTranscode() {
  return useAdminMutation('retryTranscode', {
    toCall: ({ assetId }: { assetId: string }) => ({ params: { id: assetId } }),
    invalidates: ['title', 'videoTranscode'],
  });
}
