import type { Series } from '@marquee/contract';
import type { ReactNode } from 'react';
import type { LanguagePreference } from '../hooks/use-hls-tracks';
import { choosePlaybackSource } from '../utils/playback-source';
import { rentalStartNote } from '../utils/rental-start-note';
import type { SaveProgress } from './movie-player';
import { NextEpisodeCountdown } from './next-episode-countdown';
import { PlayerArea } from './player-area';

interface SeriesPlayerProps {
  series: Series;
  /** Index of the selected episode. */
  index: number;
  /** Whether the viewer chose this episode here (it then starts at once, with the focus). */
  chosen: boolean;
  onSelect: (index: number) => void;
  onProgress?: SaveProgress;
  /** Drawn when the trailer ends, for a viewer without access (e.g. ways to get it). */
  trailerEndOverlay?: ReactNode;
  /** The watching profile's languages, and how to remember a new choice. */
  languages?: LanguagePreference;
  onLanguageChange?: (change: Partial<LanguagePreference>) => void;
}

/**
 * behaviour.md §1 for the selected episode: its full video when the server sent a link, else the series
 * trailer, else artwork. When an episode's credits start (or it ends, without a credits marker), the
 * next one follows after a cancellable countdown.
 */
export function SeriesPlayer({ series, index, chosen, onSelect, onProgress, trailerEndOverlay, ...languages }: SeriesPlayerProps) {
  const episode = series.episodes[index];
  const source = choosePlaybackSource({ url: episode?.url, trailer: series.trailer, image: series.horizontalBanner });
  const full = source.kind === 'full' && episode !== undefined;
  // A rental nobody has started: its window opens with the first fetch, so nothing loads before Play.
  const rentalNote = full ? rentalStartNote(series.access) : undefined;
  const next = series.episodes[index + 1];
  const resume = full && series.resume?.episodeId === episode._id ? series.resume.position : 0;

  return (
    <PlayerArea
      // Each episode is its own player; the trailer stays put while the viewer browses episodes.
      key={full ? episode._id : source.kind}
      source={source}
      titleId={series._id}
      name={full ? `${series.name}, episode ${episode.number}: ${episode.name}` : series.name}
      poster={full ? episode.thumbnail : series.horizontalBanner}
      thumbnails={episode?.thumbnails}
      subtitles={episode?.subtitles}
      markers={episode?.markers}
      {...languages}
      startAt={resume}
      autoPlay={full && chosen}
      focusOnMount={full && chosen}
      startNote={rentalNote}
      holdUntilPlay={rentalNote !== undefined}
      onSample={full && onProgress ? (sample) => onProgress({ titleId: series._id, episodeId: episode._id, ...sample }) : undefined}
      endOverlay={
        full && next?.url ? (
          <NextEpisodeCountdown nextName={`Episode ${next.number}: ${next.name}`} onPlayNext={() => onSelect(index + 1)} />
        ) : source.kind === 'trailer' ? (
          trailerEndOverlay
        ) : undefined
      }
    />
  );
}
