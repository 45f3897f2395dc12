/** Speed and time left of an upload, from its progress over the last few seconds. */
export interface UploadRate {
  /** Bytes a second, or null until enough has been measured. */
  bytesPerSecond: number | null;
  /** Seconds, or null while the speed is unknown. */
  secondsLeft: number | null;
}

const WINDOW_MS = 5_000;

/** Feed it each progress event; a resumed upload's first offset is not counted as speed. */
export function createRateMeter(now: () => number = () => performance.now()) {
  let samples: { at: number; bytes: number }[] = [];
  return {
    reset() {
      samples = [];
    },
    sample(bytesSent: number, bytesTotal: number): UploadRate {
      const at = now();
      samples.push({ at, bytes: bytesSent });
      while (samples.length > 2 && at - samples[0]!.at > WINDOW_MS) samples.shift();
      const first = samples[0]!;
      const elapsed = (at - first.at) / 1000;
      if (elapsed < 0.5 || bytesSent <= first.bytes) return { bytesPerSecond: null, secondsLeft: null };
      const bytesPerSecond = (bytesSent - first.bytes) / elapsed;
      return { bytesPerSecond, secondsLeft: Math.max(0, (bytesTotal - bytesSent) / bytesPerSecond) };
    },
  };
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value >= 100 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}
