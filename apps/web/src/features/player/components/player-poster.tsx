import { useEffect, useState } from 'react';
import { ArtworkImage, type ArtworkCap } from '@/components/ui/artwork-image';

/** The player is drawn across the page (letterboxed under 70vh). */
export const PLAYER_IMAGE_SIZES = '100vw';

/**
 * A phone gets the 640 px size at most, whatever its pixel density: its video starts on the 360p
 * rung (640 px wide), so a sharper poster would cost bytes before the first paint for nothing.
 */
export const PLAYER_IMAGE_CAP: ArtworkCap = { media: '(max-width: 640px)', maxWidth: 640 };

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
