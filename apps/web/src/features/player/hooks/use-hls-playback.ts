import type Hls from 'hls.js';
import type { ErrorData, Level } from 'hls.js';
import { useCallback, useEffect, useRef, useState } from 'react';

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
  /** Where playback begins, in seconds (resume). */
  startAt: number;
  /** Start as soon as the stream is ready (a chosen episode, the next episode). */
  autoPlay: boolean;
}

/**
 * Attaches an HLS stream to a video element: hls.js where Media Source Extensions exist (checked
 * first: Chromium answers canPlayType 'maybe' for HLS but then plays it natively at one quality),
 * else the browser's own HLS (Safari, iOS). hls.js is a separate chunk, fetched when a player
 * mounts. Segments load only once the viewer presses play (`autoStartLoad: false`): attaching
 * alone would fetch megabytes nobody asked for.
 */
export function useHlsPlayback(options: Options) {
  const { video } = options;
  const [attempt, setAttempt] = useState(0);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [selectedLevel, setSelectedLevel] = useState(AUTO_LEVEL);
  const [playingLevel, setPlayingLevel] = useState(AUTO_LEVEL);
  const [error, setError] = useState<string | null>(null);
  const hlsRef = useRef<Hls | null>(null);
  const ready = useRef(false);
  const loading = useRef(false);
  const playWhenReady = useRef(options.autoPlay);
  const startAt = useRef(options.startAt);
  const latestSrc = useRef(options.src);
  useEffect(() => {
    latestSrc.current = options.src;
  });

  const play = useCallback(() => {
    if (!video) return;
    if (!ready.current) {
      playWhenReady.current = true;
      return;
    }
    const hls = hlsRef.current;
    if (hls && !loading.current) {
      loading.current = true;
      hls.startLoad(startAt.current > 0 ? startAt.current : -1);
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
    const src = latestSrc.current;
    const onMediaError = () => setError(video.error?.code === 4 ? 'This video format is not supported here.' : 'The video could not be played.');
    video.addEventListener('error', onMediaError);

    import('hls.js/light')
      .then(({ default: HlsClass }) => {
        if (cancelled) return;
        if (!HlsClass.isSupported()) {
          // Native HLS: a media fragment carries the start position.
          video.src = startAt.current > 0 ? `${src}#t=${startAt.current}` : src;
          loading.current = true;
          markReady();
          return;
        }
        hls = new HlsClass({ autoStartLoad: false, startPosition: startAt.current > 0 ? startAt.current : -1 });
        hlsRef.current = hls;
        hls.on(HlsClass.Events.MANIFEST_PARSED, (_event, data) => {
          setLevels(toQualityLevels(data.levels));
          markReady();
        });
        hls.on(HlsClass.Events.LEVEL_SWITCHED, (_event, data) => setPlayingLevel(data.level));
        hls.on(HlsClass.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // Pick up where it failed when the viewer retries.
          if (video.currentTime > 0) startAt.current = video.currentTime;
          hls?.destroy();
          hlsRef.current = null;
          setError(describeFatal(data));
        });
        hls.loadSource(src);
        hls.attachMedia(video);
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
      hls?.destroy();
      hlsRef.current = null;
    };
  }, [video, attempt, play]);

  const retry = () => {
    if (video && video.currentTime > 0) startAt.current = video.currentTime;
    playWhenReady.current = true;
    setError(null);
    setLevels([]);
    setSelectedLevel(AUTO_LEVEL);
    setAttempt((n) => n + 1);
  };

  const selectLevel = (index: number) => {
    const hls = hlsRef.current;
    if (!hls) return;
    // currentLevel switches now (flushing what is buffered); -1 hands the choice back to ABR.
    hls.currentLevel = index;
    setSelectedLevel(index);
  };

  return { levels, selectedLevel, playingLevel, selectLevel, error, retry, play };
}

function toQualityLevels(levels: Level[]): QualityLevel[] {
  return levels.map((level, index) => ({ index, height: level.height, bitrate: level.bitrate }));
}

function describeFatal(data: ErrorData): string {
  if (data.type === 'networkError') return 'The video could not be loaded. Check your connection and try again.';
  return 'The video could not be played.';
}
