import { useCountdown } from '../hooks/use-countdown';

export const NEXT_EPISODE_DELAY_SECONDS = 5;

interface NextEpisodeCountdownProps {
  /** e.g. 'Episode 2: The Storm'. */
  nextName: string;
  onPlayNext: () => void;
}

/** Shown when an episode ends: the next one starts after a short count unless the viewer cancels. */
export function NextEpisodeCountdown({ nextName, onPlayNext }: NextEpisodeCountdownProps) {
  const { remaining, cancelled, cancel } = useCountdown({ seconds: NEXT_EPISODE_DELAY_SECONDS, onDone: onPlayNext });
  if (cancelled) return null;
  return (
    <div className="absolute inset-0 flex items-center justify-center bg-black/70 p-6 text-center text-white">
      <div className="space-y-4">
        <p role="status" aria-live="polite" className="text-lg font-semibold">
          Next episode in {remaining}
        </p>
        <p className="text-sm text-zinc-300">{nextName}</p>
        <div className="flex justify-center gap-3">
          <button
            type="button"
            onClick={onPlayNext}
            className="rounded-md bg-amber-400 px-4 py-2 font-semibold text-zinc-950 hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Play now
          </button>
          <button
            type="button"
            onClick={cancel}
            className="rounded-md bg-white/15 px-4 py-2 font-semibold ring-1 ring-white/25 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-amber-400"
          >
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
