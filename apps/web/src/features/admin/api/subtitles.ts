import type { VideoSubtitles } from '@marquee/contract/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQuery, adminQueryKey, useAdminMutation } from './admin-api-client';

/** A video's subtitle tracks: uploaded in the console, and those of its source. */
export function useVideoSubtitles(assetId: string) {
  return useQuery(adminQuery('videoSubtitles', { params: { id: assetId } }));
}

/** Every change answers with the video's tracks: they replace the list at once. */
function useShowTracks() {
  const queryClient = useQueryClient();
  return (data: VideoSubtitles) => queryClient.setQueryData(adminQueryKey('videoSubtitles', { id: data.assetId }), data);
}

export interface SubtitleUpload {
  assetId: string;
  lang: string;
  label: string;
  file: File;
}

export function useAddSubtitle() {
  return useAdminMutation('addSubtitle', {
    toCall: ({ assetId, lang, label, file }: SubtitleUpload) => ({ params: { id: assetId }, body: { lang, label, file } }),
    onSuccess: useShowTracks(),
  });
}

export function useReplaceSubtitle() {
  return useAdminMutation('replaceSubtitle', {
    toCall: ({ assetId, lang, label, file }: SubtitleUpload) => ({ params: { id: assetId, lang }, body: { label, file } }),
    onSuccess: useShowTracks(),
  });
}

export function useDeleteSubtitle() {
  return useAdminMutation('deleteSubtitle', {
    toCall: ({ assetId, lang }: { assetId: string; lang: string }) => ({ params: { id: assetId, lang } }),
    onSuccess: useShowTracks(),
  });
}
