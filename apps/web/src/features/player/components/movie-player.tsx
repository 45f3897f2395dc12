import type { ApiBody, Movie } from '@marquee/contract';
import type { ReactNode } from 'react';
import type { LanguagePreference } from '../hooks/use-hls-tracks';
import { choosePlaybackSource } from '../utils/playback-source';
import { rentalStartNote } from '../utils/rental-start-note';
import { PlayerArea } from './player-area';

export type SaveProgress = (update: ApiBody<'saveProgress'>) => void;

interface MoviePlayerProps {
  movie: Movie;
  /** Set for a signed-in viewer: where they are in the full movie. */
  onProgress?: SaveProgress;
  /**
   * Take the focus when the full movie appears (e.g. access was just bought on this page). It
   * never starts by itself: a rental's 48 hours begin with the first press of Play.
   */
  focusWhenReady?: boolean;
  /** Drawn when the trailer ends, for a viewer without access (e.g. ways to get it). */
  trailerEndOverlay?: ReactNode;
  /** The watching profile's languages, and how to remember a new choice. */
  languages?: LanguagePreference;
  onLanguageChange?: (change: Partial<LanguagePreference>) => void;
}

/** behaviour.md §1 on a movie page: the full movie when the server sent a link, else trailer, else artwork. */
export function MoviePlayer({ movie, onProgress, focusWhenReady = false, trailerEndOverlay, ...languages }: MoviePlayerProps) {
  const source = choosePlaybackSource({ url: movie.url, trailer: movie.trailer, image: movie.horizontalBanner });
  const full = source.kind === 'full';
  // A rental nobody has started: its window opens with the first fetch, so nothing loads before Play.
  const rentalNote = full ? rentalStartNote(movie.access) : undefined;
  return (
    <PlayerArea
      // A new kind of source (e.g. access granted) is a new player; a refreshed link for the same one is not.
      key={source.kind}
      source={source}
      name={movie.name}
      titleId={movie._id}
      poster={movie.horizontalBanner}
      thumbnails={movie.thumbnails}
      subtitles={movie.subtitles}
      markers={movie.markers}
      {...languages}
      startAt={full ? (movie.resume?.position ?? 0) : 0}
      focusOnMount={full && focusWhenReady}
      startNote={rentalNote}
      holdUntilPlay={rentalNote !== undefined}
      endOverlay={source.kind === 'trailer' ? trailerEndOverlay : undefined}
      onSample={full && onProgress ? (sample) => onProgress({ titleId: movie._id, ...sample }) : undefined}
    />
  );
}
