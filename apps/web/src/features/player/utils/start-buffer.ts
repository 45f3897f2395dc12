import type Hls from 'hls.js';
import type { HlsConfig, LevelDetails } from 'hls.js';

/**
 * What the player buffers before the viewer presses play, and after. Before: one second ahead,
 * which hls.js meets with the first segment alone (packages start with a 2 s one). hls.js takes
 * the larger of `maxBufferLength` and what `maxBufferSize` allows at the rendition's bit rate,
 * capped by `maxMaxBufferLength`, so both bounds are lowered. After: hls.js's own defaults.
 */
const BEFORE_PLAY = { maxBufferLength: 1, maxMaxBufferLength: 1 } satisfies Partial<HlsConfig>;
const WHILE_PLAYING = { maxBufferLength: 30, maxMaxBufferLength: 600 } satisfies Partial<HlsConfig>;

export const startBuffer = {
  config: BEFORE_PLAY,

  /** From the first press of play: the usual buffer ahead (hls.js reads its config on every tick). */
  lift(hls: Hls): void {
    Object.assign(hls.config, WHILE_PLAYING);
  },

  /**
   * Fetches the start rung's init segment and the segment at the start position side by side, as
   * soon as its playlist is read: hls.js asks for them one after the other. Segments are cached
   * for a year (immutable), so its own requests for the same URLs are served by the browser's
   * cache, or wait for these to finish rather than download twice.
   */
  fetchFirst(input: { details: LevelDetails; at: number; rewrite: (url: string) => string }): void {
    const { details, at, rewrite } = input;
    const first = details.fragments.find((f) => at < f.start + f.duration) ?? details.fragments[0];
    if (!first) return;
    const urls = [first.initSegment?.url, first.url].filter((url): url is string => Boolean(url));
    // A warm-up only: hls.js makes (and reports failures of) the requests that count.
    for (const url of urls) void fetch(rewrite(url)).then((response) => response.arrayBuffer(), () => undefined).catch(() => undefined);
  },
};
