import { useEffect, useState } from 'react';
import { PLAYER_IMAGE_CAP, PLAYER_IMAGE_SIZES } from '@marquee/contract/artwork';
import { ArtworkImage } from '@/components/ui/artwork-image';

// Shared with the server, which preloads the same picture with a movie page's HTML.
export { PLAYER_IMAGE_CAP, PLAYER_IMAGE_SIZES };

/**
 * The video's picture until its first frame plays. A `<video>`'s own `poster` takes one URL, so a
 * phone fetched the full-size artwork; this is the artwork's responsive `<picture>` over the video,
 * gone once the video plays (not at the click: the picture stays while the first frame loads).
 */
export function PlayerPoster({ video, src }: { video: HTMLVideoElement | null; src: string }) {
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!video) return;
    const hide = () => setPlaying(true);
    video.addEventListener('playing', hide);
    return () => video.removeEventListener('playing', hide);
  }, [video]);
  if (playing) return null;
  return (
    <ArtworkImage
      src={src}
      sizes={PLAYER_IMAGE_SIZES}
      cap={PLAYER_IMAGE_CAP}
      alt=""
      fetchPriority="high"
      className="pointer-events-none absolute inset-0 h-full w-full object-contain"
    />
  );
}
