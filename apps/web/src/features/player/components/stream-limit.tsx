import type { ActiveStream } from '@marquee/contract';
import { MonitorPlay } from 'lucide-react';
import { useState } from 'react';
import { stopStream } from '../api/stop-stream';

interface StreamLimitProps {
  streams: ActiveStream[];
  /** A stream was stopped: try to play here again. */
  onStopped: () => void;
}

/**
 * Every stream of the plan is in use: what plays on the account's other devices, each with a
 * way to stop it so this one can play.
 */
export function StreamLimit({ streams, onStopped }: StreamLimitProps) {
  const [stopping, setStopping] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const stop = async (stream: ActiveStream) => {
    setStopping(stream._id);
    setFailed(null);
    const [ok, error] = await stopStream(stream._id);
    setStopping(null);
    // Already gone (it stopped by itself meanwhile) is as good as stopped.
    if (ok || error.status === 404) onStopped();
    else setFailed(error.message);
  };

  return (
    <div className="w-full max-w-md text-left">
      <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-white/70">Playing now</h3>
      <ul className="divide-y divide-white/10 rounded-md bg-white/10 ring-1 ring-white/15">
        {streams.map((stream) => (
          <li key={stream._id} className="flex items-center gap-3 px-3 py-2">
            <MonitorPlay aria-hidden="true" className="size-5 shrink-0 text-amber-400" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{whereItPlays(stream)}</span>
              <span className="block truncate text-sm text-white/70">{stream.title}</span>
            </span>
            <button
              type="button"
              disabled={stopping !== null}
              onClick={() => void stop(stream)}
              aria-label={`Stop ${stream.title} on ${whereItPlays(stream)}`}
              className="rounded-md bg-amber-400 px-3 py-1.5 text-sm font-semibold text-zinc-950 hover:bg-amber-300 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {stopping === stream._id ? 'Stopping…' : 'Stop'}
            </button>
          </li>
        ))}
      </ul>
      {failed && <p className="mt-2 text-sm text-red-300">{failed}</p>}
    </div>
  );
}

/** This browser's own other players (another tab or window) share its device name: say so. */
function whereItPlays(stream: ActiveStream): string {
  return stream.current ? `${stream.device}, another tab or window` : stream.device;
}
