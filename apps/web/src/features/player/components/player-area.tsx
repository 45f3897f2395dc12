import type { Movie } from '@marquee/contract';
import type { ReactNode } from 'react';
import type { LanguagePreference } from '../hooks/use-hls-tracks';
import type { PlaybackSample } from '../hooks/use-progress-reporter';
import type { PlaybackSource } from '../utils/playback-source';
import { ArtworkImage } from '@/components/ui/artwork-image';
import { PLAYER_IMAGE_CAP, PLAYER_IMAGE_SIZES } from './player-poster';
import { VideoPlayer } from './video-player';

export interface PlayerAreaProps {
  source: PlaybackSource;
  name: string;
  /** The movie or series played. */
  titleId?: string;
  poster: string;
  thumbnails?: string | null;
  subtitles?: Movie['subtitles'];
  markers?: Movie['markers'];
  languages?: LanguagePreference;
  onLanguageChange?: (change: Partial<LanguagePreference>) => void;
  startAt?: number;
  autoPlay?: boolean;
  startNote?: ReactNode;
  /** Fetch nothing of the stream until Play (a rental not yet started). */
  holdUntilPlay?: boolean;
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
        <ArtworkImage src={source.src} sizes={PLAYER_IMAGE_SIZES} cap={PLAYER_IMAGE_CAP} alt={name} fetchPriority="high" className="h-full w-full object-cover" />
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
      // A trailer has no seek previews, subtitles, markers or resume point of its own.
      thumbnails={isTrailer ? null : video.thumbnails}
      subtitles={isTrailer ? [] : video.subtitles}
      markers={isTrailer ? null : video.markers}
      startAt={isTrailer ? 0 : video.startAt}
    />
  );
}
