import type { ActiveStream } from '@marquee/contract';
import type Hls from 'hls.js';
import type { ErrorData, Level } from 'hls.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadHls } from '../utils/load-hls';
import { startBuffer } from '../utils/start-buffer';
import { alignToFirstFrame } from '../utils/start-frame';
import { useHlsTracks, type LanguagePreference } from './use-hls-tracks';
import { useSignedLink } from './use-signed-link';

export interface QualityLevel {
  /** hls.js level index. */
  index: number;
  height: number;
  bitrate: number;
}

/** -1: adaptive ('Auto'). */
export const AUTO_LEVEL = -1;

interface Options {
  video: HTMLVideoElement | null;
  /** Master playlist. A later value (e.g. a refreshed signed link) is used only by `retry()`. */
  src: string;
  /** The title being played, for the server's access decision and stream slot. */
  titleId?: string;
  /** Where playback begins, in seconds (resume). */
  startAt: number;
  /** Start as soon as the stream is ready (a chosen episode, the next episode). */
  autoPlay: boolean;
  /**
   * Fetch nothing past the master playlist before Play: a rental nobody has started opens its
   * viewing window with the first rendition playlist fetched, so buffering ahead would start it.
   */
  holdUntilPlay?: boolean;
  /** The profile's audio and subtitle languages, chosen among the stream's renditions. */
  languages?: LanguagePreference;
}

/** Who plays the stream: hls.js over Media Source Extensions, or the browser itself (Safari, iOS). */
export type PlaybackEngine = 'hls.js' | 'native';

/**
 * Attaches an HLS stream to a video element: hls.js where Media Source Extensions exist (checked
 * first: Chromium answers canPlayType 'maybe' for HLS but then plays it natively at one quality),
 * else the browser's own HLS (Safari, iOS). hls.js is a separate chunk, fetched once the page has
 * loaded and is idle, or on the viewer's first input (`loadHls`). Once the master playlist is read,
 * the player buffers the first segment only (2 s, see `startBuffer`), so pressing play shows a
 * frame without a request in between; the usual buffer ahead (tens of seconds, megabytes nobody
 * asked for before the click) fills once playing.
 * With `holdUntilPlay`, loading starts only when play is pressed.
 */
export function useHlsPlayback(options: Options) {
  const { video } = options;
  const [attempt, setAttempt] = useState(0);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [selectedLevel, setSelectedLevel] = useState(AUTO_LEVEL);
  const [playingLevel, setPlayingLevel] = useState(AUTO_LEVEL);
  const [error, setError] = useState<string | null>(null);
  // Refused for too many streams: what plays on the account's other devices.
  const [streams, setStreams] = useState<ActiveStream[] | null>(null);
  const [started, setStarted] = useState(false);
  const [engine, setEngine] = useState<PlaybackEngine | null>(null);
  const tracks = useHlsTracks(options.languages);
  const { attach: attachTracks, detach: detachTracks, preferences } = tracks;
  const hlsRef = useRef<Hls | null>(null);
  const ready = useRef(false);
  // `started` for requests made before the next render: play was pressed.
  const playing = useRef(false);
  const retryRef = useRef(() => {});
  const loading = useRef(false);
  const holdUntilPlay = useRef(options.holdUntilPlay ?? false);
  const playWhenReady = useRef(options.autoPlay);
  const startAt = useRef(options.startAt);
  const latestSrc = useRef(options.src);
  useEffect(() => {
    latestSrc.current = options.src;
    holdUntilPlay.current = options.holdUntilPlay ?? false;
  });
  // Access ended while playing: stop now rather than when the buffer runs dry.
  const link = useSignedLink({
    src: options.src,
    titleId: options.titleId,
    active: started,
    onRefused: (message, elsewhere) => {
      if (video && video.currentTime > 0) startAt.current = video.currentTime;
      video?.pause();
      hlsRef.current?.destroy();
      hlsRef.current = null;
      playing.current = false;
      setStarted(false);
      setError(message);
      setStreams(elsewhere);
    },
  });
  const { rewrite, untilRenewed, renewNow } = link;

  const play = useCallback(() => {
    if (!video) return;
    if (!ready.current) {
      playWhenReady.current = true;
      return;
    }
    playing.current = true;
    setStarted(true);
    const hls = hlsRef.current;
    if (hls) {
      startBuffer.lift(hls);
      startLoadingOnce(hls, loading, startAt.current);
    }
    // Autoplay refused (no gesture yet) or a newer load interrupted it: the play button stays.
    // Older engines return nothing from play().
    void Promise.resolve(video.play()).catch(() => undefined);
  }, [video]);

  useEffect(() => {
    if (!video) return;
    let cancelled = false;
    let hls: Hls | null = null;
    ready.current = false;
    loading.current = false;
    const src = rewrite(latestSrc.current);
    let nativeSrc: string | null = null;
    let stopAligning = () => {};
    const onMediaError = () => {
      // The browser's own HLS cannot move its requests to a renewed link: when the old one has
      // expired, load the renewed one once, from where it stopped.
      const renewed = nativeSrc === null ? null : rewrite(latestSrc.current);
      if (nativeSrc !== null && renewed !== null && renewed !== nativeSrc && video.error?.code !== 4) {
        const position = video.currentTime;
        nativeSrc = renewed;
        video.src = position > 0 ? `${renewed}#t=${position}` : renewed;
        void Promise.resolve(video.play()).catch(() => undefined);
        return;
      }
      setError(video.error?.code === 4 ? 'This video format is not supported here.' : 'The video could not be played.');
    };
    video.addEventListener('error', onMediaError);

    // The full build: the light one has no alternate audio renditions and no subtitle renditions.
    loadHls()
      .then(({ default: HlsClass }) => {
        if (cancelled) return;
        setEngine(HlsClass.isSupported() ? 'hls.js' : 'native');
        if (!HlsClass.isSupported()) {
          // Native HLS: a media fragment carries the start position.
          nativeSrc = src;
          video.src = startAt.current > 0 ? `${src}#t=${startAt.current}` : src;
          markReady();
          return;
        }
        hls = new HlsClass({
          ...startBuffer.config,
          autoStartLoad: false,
          startPosition: startAt.current > 0 ? startAt.current : -1,
          ...preferences(),
          // Every request goes out under the newest signed prefix, so playback outlives each link.
          // Once play is pressed, a paid video's requests wait for the player's own link (the
          // page's only prepares the first frame), which the server gives with a stream slot.
          xhrSetup: async (xhr, url) => {
            const wait = playing.current ? untilRenewed(url) : null;
            if (wait) await wait;
            const fresh = rewrite(url);
            if (fresh !== url) xhr.open('GET', fresh, true);
          },
        });
        hlsRef.current = hls;
        attachTracks(hls, HlsClass.Events);
        hls.on(HlsClass.Events.MANIFEST_PARSED, (_event, data) => {
          setLevels(toQualityLevels(data.levels));
          if (hls && !holdUntilPlay.current) startLoadingOnce(hls, loading, startAt.current);
          markReady();
        });
        hls.once(HlsClass.Events.LEVEL_LOADED, (_event, data) => startBuffer.fetchFirst({ details: data.details, at: startAt.current, rewrite }));
        hls.on(HlsClass.Events.LEVEL_SWITCHED, (_event, data) => setPlayingLevel(data.level));
        hls.on(HlsClass.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // Pick up where it failed when the viewer retries.
          if (video.currentTime > 0) startAt.current = video.currentTime;
          hls?.destroy();
          hlsRef.current = null;
          // The player's link stopped serving (its stream was stopped from another device): ask
          // again at once; the answer either plays on here or says who took the stream.
          if (playing.current && data.response?.code === 403) void renewNow().then((ok) => (ok ? retryRef.current() : setError((shown) => shown ?? describeFatal(data))));
          else setError(describeFatal(data));
        });
        hls.loadSource(src);
        hls.attachMedia(video);
        stopAligning = alignToFirstFrame({ video, untouched: () => !playing.current });
      })
      .catch(() => {
        if (!cancelled) setError('The player could not be loaded. Check your connection and try again.');
      });

    function markReady() {
      ready.current = true;
      if (playWhenReady.current) {
        playWhenReady.current = false;
        play();
      }
    }

    return () => {
      cancelled = true;
      video.removeEventListener('error', onMediaError);
      stopAligning();
      hls?.destroy();
      hlsRef.current = null;
      detachTracks();
    };
  }, [video, attempt, play, rewrite, untilRenewed, renewNow, attachTracks, detachTracks, preferences]);

  const retry = () => {
    if (video && video.currentTime > 0) startAt.current = video.currentTime;
    playWhenReady.current = true;
    setError(null);
    setStreams(null);
    setLevels([]);
    setSelectedLevel(AUTO_LEVEL);
    setAttempt((n) => n + 1);
  };
  useEffect(() => {
    retryRef.current = retry;
  });

  const selectLevel = (index: number) => {
    const hls = hlsRef.current;
    if (!hls) return;
    // currentLevel switches now (flushing what is buffered); -1 hands the choice back to ABR.
    hls.currentLevel = index;
    setSelectedLevel(index);
  };

  return {
    levels,
    selectedLevel,
    playingLevel,
    selectLevel,
    engine,
    audio: tracks.audio,
    subtitles: tracks.subtitles,
    selectAudio: tracks.selectAudio,
    selectSubtitle: tracks.selectSubtitle,
    error,
    streams,
    retry,
    play,
    renewed: link.renewed,
  };
}

function toQualityLevels(levels: Level[]): QualityLevel[] {
  return levels.map((level, index) => ({ index, height: level.height, bitrate: level.bitrate }));
}

function describeFatal(data: ErrorData): string {
  if (data.type === 'networkError') return 'The video could not be loaded. Check your connection and try again.';
  return 'The video could not be played.';
}

/** Starts hls.js's loading (playlists, then segments) the first time only. */
function startLoadingOnce(hls: Hls, loading: { current: boolean }, startAt: number): void {
  if (loading.current) return;
  loading.current = true;
  hls.startLoad(startAt > 0 ? startAt : -1);
}
