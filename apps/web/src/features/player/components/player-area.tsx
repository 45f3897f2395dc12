import type { Movie } from '@marquee/contract';
import type { ReactNode } from 'react';
import type { PlaybackSample } from '../hooks/use-progress-reporter';
import type { PlaybackSource } from '../utils/playback-source';
import { VideoPlayer } from './video-player';

export interface PlayerAreaProps {
  source: PlaybackSource;
  name: string;
  poster: string;
  thumbnails?: string | null;
  subtitles?: Movie['subtitles'];
  startAt?: number;
  autoPlay?: boolean;
  startNote?: ReactNode;
  focusOnMount?: boolean;
  onSample?: (sample: PlaybackSample) => void;
  onEnded?: () => void;
  endOverlay?: ReactNode;
}

/** The top of a title page: the video (full or trailer) or, with neither, the wide artwork. */
export function PlayerArea({ source, name, poster, ...video }: PlayerAreaProps) {
  if (source.kind === 'image') {
    return (
      <div className="relative aspect-video max-h-[70vh] w-full overflow-hidden bg-black">
        <img src={source.src} alt={name} fetchPriority="high" className="h-full w-full object-cover" />
      </div>
    );
  }
  const isTrailer = source.kind === 'trailer';
  return (
    <VideoPlayer
      src={source.src}
      poster={poster}
      label={isTrailer ? `${name} trailer` : name}
      playLabel={isTrailer ? 'Play trailer' : 'Play'}
      {...video}
      // A trailer has no seek previews, subtitles or resume point of its own.
      thumbnails={isTrailer ? null : video.thumbnails}
      subtitles={isTrailer ? [] : video.subtitles}
      startAt={isTrailer ? 0 : video.startAt}
    />
  );
}
