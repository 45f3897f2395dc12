import type { Movie } from '@marquee/contract';
import { useEffect, useState } from 'react';
import type { MenuOption } from '../components/player-menu';
import type { PlaybackEngine } from './use-hls-playback';
import type { LanguagePreference, MediaTrackOption } from './use-hls-tracks';

export const SUBTITLES_OFF = 'off';

/** A single-choice menu of the control bar. */
export interface ChoiceMenu {
  label: string;
  options: MenuOption[];
  selected: string;
  onSelect: (value: string) => void;
}

interface TrackChoice {
  tracks: MediaTrackOption[];
  selected: number;
}

interface Options {
  video: HTMLVideoElement | null;
  engine: PlaybackEngine | null;
  /** What hls.js reports, and how to choose. */
  audio: TrackChoice;
  subtitles: TrackChoice;
  selectAudio: (index: number) => void;
  selectSubtitle: (index: number) => void;
  /** The title's WebVTT files, for the browser's own HLS (hls.js reads the same ones from the master playlist). */
  sidecars: Movie['subtitles'];
  languages?: LanguagePreference;
  onLanguageChange?: (change: Partial<LanguagePreference>) => void;
}

/**
 * The Audio and Subtitles menus. Under hls.js they list the renditions hls.js reports; under the
 * browser's own HLS, the subtitle files as <track> elements. Each choice is handed on to be
 * remembered for the next title.
 */
export function useLanguageMenus(options: Options) {
  const { video, engine, audio, subtitles, sidecars, onLanguageChange } = options;
  const preferred = options.languages?.subtitleLanguage;
  const [sidecar, setSidecar] = useState(() => (sidecars.some((track) => track.lang === preferred) ? preferred! : SUBTITLES_OFF));
  const useSidecars = engine !== 'hls.js';

  useEffect(() => {
    if (!video || !useSidecars) return;
    for (const track of Array.from(video.textTracks)) {
      track.mode = track.language === sidecar ? 'showing' : 'disabled';
    }
  }, [video, sidecar, useSidecars]);

  const audioMenu: ChoiceMenu = {
    label: audio.tracks.find((track) => track.index === audio.selected)?.label ?? 'Default',
    options: audio.tracks.map((track) => ({ value: String(track.index), label: track.label })),
    selected: String(audio.selected),
    onSelect: (value) => {
      const track = audio.tracks[Number(value)];
      if (!track) return;
      options.selectAudio(track.index);
      if (track.lang !== 'und') onLanguageChange?.({ audioLanguage: track.lang });
    },
  };

  const off = { value: SUBTITLES_OFF, label: 'Off' };
  const subtitleMenu: ChoiceMenu = useSidecars
    ? {
        label: sidecars.find((track) => track.lang === sidecar)?.label ?? 'Off',
        options: [off, ...sidecars.map((track) => ({ value: track.lang, label: track.label }))],
        selected: sidecar,
        onSelect: (value) => {
          setSidecar(value);
          onLanguageChange?.({ subtitleLanguage: value === SUBTITLES_OFF ? null : value });
        },
      }
    : {
        label: subtitles.tracks.find((track) => track.index === subtitles.selected)?.label ?? 'Off',
        options: [off, ...subtitles.tracks.map((track) => ({ value: String(track.index), label: track.label }))],
        selected: subtitles.selected < 0 ? SUBTITLES_OFF : String(subtitles.selected),
        onSelect: (value) => {
          const track = value === SUBTITLES_OFF ? undefined : subtitles.tracks[Number(value)];
          options.selectSubtitle(track?.index ?? -1);
          if (track?.lang !== 'und') onLanguageChange?.({ subtitleLanguage: track?.lang ?? null });
        },
      };

  return { audio: audioMenu, subtitles: subtitleMenu, sidecars: useSidecars ? sidecars : [] };
}
