import type { VideoMarkers } from '@marquee/contract';
import { ChevronsRight } from 'lucide-react';

/** Skip offered no later than this before a range ends: a jump of under a second is no help. */
const LAST_OFFER_SECONDS = 1;

/** The range the position is in, to skip: intro first (a recap after it gets its own button). */
export function skippableRange(markers: VideoMarkers | null | undefined, at: number): { label: string; end: number } | null {
  if (!markers) return null;
  const ranges = [
    { label: 'Skip Intro', start: markers.introStart, end: markers.introEnd },
    { label: 'Skip Recap', start: markers.recapStart, end: markers.recapEnd },
  ];
  for (const range of ranges) {
    if (range.start !== null && range.end !== null && at >= range.start && at < range.end - LAST_OFFER_SECONDS) return { label: range.label, end: range.end };
  }
  return null;
}

/** 'Skip Intro' / 'Skip Recap' over the picture during those ranges: jumps to the range's end. */
export function SkipButton({ label, onSkip }: { label: string; onSkip: () => void }) {
  return (
    <button
      type="button"
      onClick={onSkip}
      className="absolute right-4 bottom-20 inline-flex items-center gap-2 rounded-md bg-zinc-950/80 px-4 py-2 font-semibold text-white ring-1 ring-white/40 hover:bg-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
    >
      {label}
      <ChevronsRight aria-hidden="true" className="size-5" />
    </button>
  );
}
