import { useState, type PointerEvent } from 'react';
import { formatTime } from '../utils/format-time';
import { thumbnailAt, type ThumbnailCue } from '../utils/vtt-thumbnails';

interface SeekBarProps {
  currentTime: number;
  duration: number;
  bufferedEnd: number;
  thumbnails: readonly ThumbnailCue[];
  onSeek: (seconds: number) => void;
}

/**
 * The timeline: a native range input (keyboard and screen readers for free) under a drawn track
 * showing what is played and buffered. Hovering shows the time there and, when the video has a
 * thumbnails track, the frame from the sprite.
 */
export function SeekBar({ currentTime, duration, bufferedEnd, thumbnails, onSeek }: SeekBarProps) {
  const [hover, setHover] = useState<{ fraction: number } | null>(null);
  const known = duration > 0;
  const played = known ? Math.min(1, currentTime / duration) : 0;
  const buffered = known ? Math.min(1, bufferedEnd / duration) : 0;
  const hoverTime = hover && known ? hover.fraction * duration : null;
  const cue = hoverTime === null ? null : thumbnailAt(thumbnails, hoverTime);

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0) return;
    setHover({ fraction: Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)) });
  };

  return (
    <div className="group/seek relative flex h-5 items-center rounded outline-offset-4 outline-amber-400 has-[input:focus-visible]:outline-2" onPointerMove={onPointerMove} onPointerLeave={() => setHover(null)}>
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 h-1 rounded-full bg-white/25 group-hover/seek:h-1.5">
        <div className="absolute inset-y-0 left-0 rounded-full bg-white/40" style={{ width: `${buffered * 100}%` }} />
        <div className="absolute inset-y-0 left-0 rounded-full bg-amber-400" style={{ width: `${played * 100}%` }} />
      </div>
      <input
        type="range"
        aria-label="Seek"
        aria-valuetext={`${formatTime(currentTime)} of ${formatTime(duration)}`}
        min={0}
        max={known ? duration : 0}
        step="any"
        value={known ? Math.min(currentTime, duration) : 0}
        disabled={!known}
        onChange={(event) => onSeek(Number(event.target.value))}
        className="relative h-5 w-full cursor-pointer appearance-none bg-transparent opacity-0 disabled:cursor-default"
      />
      {hoverTime !== null && hover && (
        <div
          aria-hidden="true"
          data-testid="seek-preview"
          className="pointer-events-none absolute bottom-6 flex -translate-x-1/2 flex-col items-center gap-1"
          style={{ left: `${hover.fraction * 100}%` }}
        >
          {cue && (
            <div
              className="rounded ring-1 ring-white/30"
              style={{
                width: cue.width,
                height: cue.height,
                backgroundImage: `url("${cue.image}")`,
                backgroundPosition: `-${cue.x}px -${cue.y}px`,
              }}
            />
          )}
          <span className="rounded bg-black/80 px-1.5 py-0.5 text-xs text-white tabular-nums">{formatTime(hoverTime)}</span>
        </div>
      )}
    </div>
  );
}
