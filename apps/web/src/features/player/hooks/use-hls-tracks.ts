import type Hls from 'hls.js';
import type { HlsConfig, MediaPlaylist } from 'hls.js';
import { useCallback, useEffect, useRef, useState } from 'react';

/** An alternate audio or subtitle rendition as the menus show it; `index` is hls.js's track id. */
export interface MediaTrackOption {
  index: number;
  lang: string;
  label: string;
}

/** The languages the viewer's profile chose last: a BCP 47 primary subtag, or null (default audio, subtitles off). */
export interface LanguagePreference {
  audioLanguage: string | null;
  subtitleLanguage: string | null;
}

interface TrackState {
  tracks: MediaTrackOption[];
  /** The chosen track's index; -1 for none (subtitles off). */
  selected: number;
}

const NONE: TrackState = { tracks: [], selected: -1 };

/**
 * The alternate audio languages and subtitles hls.js reports for the stream, and the choice
 * between them. The profile's languages are hls.js's preferences from the start (so the first
 * segments fetched are already in the right language) and again whenever they arrive or change.
 */
export function useHlsTracks(preference: LanguagePreference | undefined) {
  const [audio, setAudio] = useState<TrackState>(NONE);
  const [subtitles, setSubtitles] = useState<TrackState>(NONE);
  const hlsRef = useRef<Hls | null>(null);
  const latest = useRef(preference);
  useEffect(() => {
    latest.current = preference;
  });

  const audioLanguage = preference?.audioLanguage ?? null;
  const subtitleLanguage = preference?.subtitleLanguage ?? null;
  useEffect(() => {
    const hls = hlsRef.current;
    if (!hls) return;
    // A matching track already chosen is kept as it is: no switch, nothing flushed.
    if (audioLanguage) hls.setAudioOption({ lang: audioLanguage });
    if (subtitleLanguage) hls.setSubtitleOption({ lang: subtitleLanguage });
  }, [audioLanguage, subtitleLanguage]);

  /** hls.js settings for a new instance: start in the profile's languages. */
  const preferences = useCallback((): Partial<HlsConfig> => {
    const { audioLanguage: audioLang, subtitleLanguage: subtitleLang } = latest.current ?? {};
    return {
      ...(audioLang ? { audioPreference: { lang: audioLang } } : {}),
      ...(subtitleLang ? { subtitlePreference: { lang: subtitleLang } } : {}),
    };
  }, []);

  const attach = useCallback((hls: Hls, events: typeof Hls.Events) => {
    hlsRef.current = hls;
    const sync = () => {
      if (hlsRef.current !== hls) return;
      setAudio({ tracks: toOptions(hls.audioTracks), selected: hls.audioTrack });
      setSubtitles({ tracks: toOptions(hls.subtitleTracks), selected: hls.subtitleDisplay ? hls.subtitleTrack : -1 });
    };
    for (const event of [events.AUDIO_TRACKS_UPDATED, events.AUDIO_TRACK_SWITCHING, events.SUBTITLE_TRACKS_UPDATED, events.SUBTITLE_TRACK_SWITCH] as const) {
      hls.on(event, sync);
    }
  }, []);

  const detach = useCallback(() => {
    hlsRef.current = null;
    setAudio(NONE);
    setSubtitles(NONE);
  }, []);

  const selectAudio = (index: number) => {
    const hls = hlsRef.current;
    if (!hls || index === hls.audioTrack) return;
    // hls.js flushes only the audio buffer and refills it from the playhead: the picture plays on.
    hls.audioTrack = index;
    setAudio((state) => ({ ...state, selected: index }));
  };

  const selectSubtitle = (index: number) => {
    const hls = hlsRef.current;
    if (!hls) return;
    hls.subtitleDisplay = index >= 0;
    hls.subtitleTrack = index;
    setSubtitles((state) => ({ ...state, selected: index }));
  };

  return { audio, subtitles, preferences, attach, detach, selectAudio, selectSubtitle };
}

function toOptions(tracks: MediaPlaylist[]): MediaTrackOption[] {
  return tracks.map((track, index) => ({ index, lang: track.lang ?? 'und', label: track.name || track.lang || `Track ${index + 1}` }));
}
