import { useEffect, useState } from 'react';

export interface MediaState {
  paused: boolean;
  ended: boolean;
  /** Waiting for data while meant to be playing. */
  buffering: boolean;
  currentTime: number;
  duration: number;
  /** End of the buffered range around the playhead, in seconds. */
  bufferedEnd: number;
  volume: number;
  muted: boolean;
  /** Whether playback has ever started (the poster overlay goes away then). */
  started: boolean;
}

const INITIAL: MediaState = {
  paused: true,
  ended: false,
  buffering: false,
  currentTime: 0,
  duration: 0,
  bufferedEnd: 0,
  volume: 1,
  muted: false,
  started: false,
};

const EVENTS = ['play', 'playing', 'pause', 'ended', 'waiting', 'seeking', 'seeked', 'canplay', 'timeupdate', 'durationchange', 'progress', 'volumechange', 'loadedmetadata', 'emptied'] as const;

/** The video element's state as React state, updated from its media events. */
export function useMediaState(video: HTMLVideoElement | null): MediaState {
  const [state, setState] = useState<MediaState>(INITIAL);

  useEffect(() => {
    if (!video) return;
    const update = (event: Event) => {
      setState((previous) => {
        const started = previous.started || event.type === 'play' || event.type === 'playing';
        // 'waiting' means stalled; 'playing', 'pause' and 'canplay' end a stall.
        const buffering =
          event.type === 'waiting' || (event.type === 'seeking' && !video.paused)
            ? true
            : ['playing', 'pause', 'canplay', 'seeked', 'ended', 'emptied'].includes(event.type)
              ? false
              : previous.buffering;
        return {
          paused: video.paused,
          ended: video.ended,
          buffering,
          currentTime: video.currentTime,
          duration: Number.isFinite(video.duration) ? video.duration : 0,
          bufferedEnd: bufferedEndAt(video),
          volume: video.volume,
          muted: video.muted,
          started,
        };
      });
    };
    for (const type of EVENTS) video.addEventListener(type, update);
    return () => {
      for (const type of EVENTS) video.removeEventListener(type, update);
    };
  }, [video]);

  return state;
}

function bufferedEndAt(video: HTMLVideoElement): number {
  const { buffered, currentTime } = video;
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= currentTime + 0.5 && currentTime <= buffered.end(i)) return buffered.end(i);
  }
  return 0;
}
