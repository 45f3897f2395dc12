import { useCallback, useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '@/lib/motion';

export interface SnapTrack {
  /** The ref for the scrolling element. */
  trackRef: (element: HTMLElement | null) => void;
  /** The scroll position is at the first slide / shows the last one. */
  atStart: boolean;
  atEnd: boolean;
  /** Index of the slide at the start of the view. */
  current: number;
  /** Moves one slide back or forward, clamped to the ends. */
  step: (direction: -1 | 1) => void;
  /** Moves to a slide by index. */
  goTo: (index: number) => void;
}

/**
 * A CSS scroll-snap track (`overflow-x: auto`, children with `scroll-snap-align: start`) driven by
 * buttons: where it stands, and a glide of `speedMs` to a slide. Swipes, wheels and focus move it
 * natively; only the buttons and autoplay go through here.
 */
export function useSnapTrack(speedMs: number): SnapTrack {
  const [track, trackRef] = useState<HTMLElement | null>(null);
  const [position, setPosition] = useState({ atStart: true, atEnd: false, current: 0 });
  const glide = useRef<{ frame: number; target: number } | null>(null);

  useEffect(() => {
    if (!track) return;
    const running = glide;
    const update = () => {
      const next = positionOf(track);
      setPosition((previous) =>
        previous.atStart === next.atStart && previous.atEnd === next.atEnd && previous.current === next.current ? previous : next,
      );
    };
    update();
    track.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    resize?.observe(track);
    return () => {
      track.removeEventListener('scroll', update);
      resize?.disconnect();
      if (running.current) cancelAnimationFrame(running.current.frame);
    };
  }, [track]);

  const goTo = useCallback(
    (index: number) => {
      if (!track) return;
      const offsets = slideOffsets(track);
      if (offsets.length === 0) return;
      const clamped = Math.min(Math.max(index, 0), offsets.length - 1);
      glideTo(track, Math.min(offsets[clamped]!, maxScroll(track)), speedMs, glide);
    },
    [track, speedMs],
  );

  const step = useCallback(
    (direction: -1 | 1) => {
      if (!track) return;
      // From where a running glide is heading, so quick clicks add up instead of repeating one step.
      const from = glide.current?.target ?? track.scrollLeft;
      const offsets = slideOffsets(track).map((offset) => Math.min(offset, maxScroll(track)));
      const target = direction === 1 ? offsets.find((offset) => offset > from + 1) : offsets.findLast((offset) => offset < from - 1);
      if (target !== undefined) glideTo(track, target, speedMs, glide);
    },
    [track, speedMs],
  );

  return { ...position, trackRef, step, goTo };
}

function positionOf(track: HTMLElement): { atStart: boolean; atEnd: boolean; current: number } {
  const offsets = slideOffsets(track);
  let current = 0;
  offsets.forEach((offset, index) => {
    if (Math.abs(offset - track.scrollLeft) < Math.abs(offsets[current]! - track.scrollLeft)) current = index;
  });
  return { atStart: track.scrollLeft <= 1, atEnd: track.scrollLeft >= maxScroll(track) - 1, current };
}

/** Each slide's scroll position when it is aligned at the start of the track. */
function slideOffsets(track: HTMLElement): number[] {
  const slides = [...track.children] as HTMLElement[];
  const first = slides[0]?.offsetLeft ?? 0;
  return slides.map((slide) => slide.offsetLeft - first);
}

function maxScroll(track: HTMLElement): number {
  return Math.max(0, track.scrollWidth - track.clientWidth);
}

/**
 * Scrolls to `target` over `speedMs` (behaviour.md §9: 600 ms for rows) with an ease-out; snapping
 * is off meanwhile, or the browser would snap every intermediate frame. At once with reduced motion.
 */
function glideTo(track: HTMLElement, target: number, speedMs: number, glide: { current: { frame: number; target: number } | null }) {
  if (glide.current) cancelAnimationFrame(glide.current.frame);
  if (prefersReducedMotion() || typeof requestAnimationFrame !== 'function') {
    glide.current = null;
    track.scrollLeft = target;
    return;
  }
  const from = track.scrollLeft;
  const started = performance.now();
  track.style.scrollSnapType = 'none';
  const frame = (now: number) => {
    const progress = Math.min(1, (now - started) / speedMs);
    track.scrollLeft = from + (target - from) * (1 - (1 - progress) ** 3);
    if (progress < 1) {
      glide.current = { frame: requestAnimationFrame(frame), target };
      return;
    }
    glide.current = null;
    track.style.scrollSnapType = '';
  };
  glide.current = { frame: requestAnimationFrame(frame), target };
}
