import { useQuery } from '@tanstack/react-query';
import { parseThumbnailsVtt, type ThumbnailCue } from '../utils/vtt-thumbnails';

/**
 * The seek-preview cues of a video, fetched once the viewer starts playing (not with the page).
 * A missing or broken track just means no preview.
 */
export function useThumbnailCues(options: { track: string | null | undefined; enabled: boolean }): ThumbnailCue[] {
  const { track, enabled } = options;
  const query = useQuery({
    queryKey: ['thumbnailTrack', track],
    queryFn: async ({ signal }) => {
      const response = await fetch(track!, { signal });
      if (!response.ok) throw new Error(`Thumbnail track answered ${response.status}`);
      return parseThumbnailsVtt(await response.text(), response.url || track!);
    },
    enabled: enabled && Boolean(track),
    staleTime: Infinity,
    retry: false,
  });
  return query.data ?? [];
}
