import { useEffect, useRef } from 'react';
import { MAX_START_DELAY_S } from '../utils/start-frame';

/** Where the viewer is: seconds from the start and the length of the video. */
export interface PlaybackSample {
  position: number;
  duration: number;
}

/** How often a playing video reports where it is. */
export const PROGRESS_INTERVAL_MS = 10_000;

/**
 * Reports the playhead every 10 s while the video plays, and at once on pause, at the end, when
 * the page is hidden or closed (pagehide: the last chance on mobile) and when the player goes away.
 * Nothing is reported before playback has really moved, so opening a page saves nothing (the
 * player may have put the playhead on the first frame, a few frames in: `alignToFirstFrame`).
 */
export function useProgressReporter(options: { video: HTMLVideoElement | null; onSample?: (sample: PlaybackSample) => void }) {
  const { video } = options;
  const onSample = useRef(options.onSample);
  useEffect(() => {
    onSample.current = options.onSample;
  });

  useEffect(() => {
    if (!video) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    let lastReported: number | null = null;

    const report = () => {
      const duration = video.duration;
      const position = video.currentTime;
      if (!onSample.current || !Number.isFinite(duration) || duration <= 0 || position <= MAX_START_DELAY_S) return;
      if (position === lastReported) return;
      lastReported = position;
      onSample.current({ position, duration });
    };
    const stopTimer = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const onPlaying = () => {
      if (timer === undefined) timer = setInterval(report, PROGRESS_INTERVAL_MS);
    };
    const onStop = () => {
      stopTimer();
      report();
    };
    const onPageHide = () => report();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') report();
    };

    video.addEventListener('playing', onPlaying);
    video.addEventListener('pause', onStop);
    video.addEventListener('ended', onStop);
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      stopTimer();
      report();
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('pause', onStop);
      video.removeEventListener('ended', onStop);
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [video]);
}
