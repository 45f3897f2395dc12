import type * as HlsModule from 'hls.js';

/** Inputs that say the viewer is about to use the page (a press, a key, a touch, a pointer moving). */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'focusin'] as const;

/**
 * How long after the page's load event a viewer who has not touched anything waits before the
 * player's code downloads. Loaded at once, its download and parse (a 4× slower phone: long tasks
 * of 50–60 ms) came while the page was still settling (its last pictures, similar titles), and
 * counted in the page's blocking time; a viewer who moves, scrolls, taps or types gets it at once.
 */
export const SETTLE_MS = 4000;

/** Longest wait for an idle moment after that. */
const IDLE_TIMEOUT_MS = 2000;

let loading: Promise<typeof HlsModule> | null = null;

/**
 * hls.js (580 kB raw, the full build) a few seconds after the page has drawn and loaded, when the
 * browser is idle, or at once on the viewer's first sign of intent, whichever comes first.
 * Downloaded and parsed with the page, it competed with the title's artwork and the page's own code
 * on a phone; a viewer who waits a moment still finds the player ready (first segment buffered)
 * before pressing Play, one who moves the pointer or touches the screen starts it then, and one who
 * presses Play at once gets it a download later.
 */
export function loadHls(): Promise<typeof HlsModule> {
  loading ??= pageSettled()
    .then(() => import('hls.js'))
    .catch((error: unknown) => {
      // A failed download is asked for again by the player's Retry.
      loading = null;
      throw error;
    });
  return loading;
}

function pageSettled(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const type of INTENT_EVENTS) window.removeEventListener(type, done, true);
      window.removeEventListener('load', whenLoaded);
      resolve();
    };
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      else done();
    };
    // Counted from the page's load: a title opened from another page later on waits no more.
    const whenLoaded = () => setTimeout(whenIdle, Math.max(0, loadedAt() + SETTLE_MS - performance.now()));
    for (const type of INTENT_EVENTS) window.addEventListener(type, done, { capture: true, passive: true });
    if (document.readyState === 'complete') whenLoaded();
    else window.addEventListener('load', whenLoaded);
  });
}

/** When the document's load event ended (now, if the browser does not say). */
function loadedAt(): number {
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return navigation && navigation.loadEventEnd > 0 ? navigation.loadEventEnd : performance.now();
}
