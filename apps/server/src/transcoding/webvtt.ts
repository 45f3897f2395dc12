/** "HH:MM:SS.mmm", the WebVTT timestamp form every player accepts (hours included even when 0). */
export function vttTimestamp(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

export function webVtt(cues: { start: number; end: number; text: string }[]): string {
  const blocks = cues.map((cue) => `${vttTimestamp(cue.start)} --> ${vttTimestamp(cue.end)}\n${cue.text}`);
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}
