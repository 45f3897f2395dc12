import type * as HlsModule from 'hls.js';

/** Inputs that say the viewer is about to use the page (a press, a key, a touch, a pointer moving). */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'focusin'] as const;

/** Longest wait for an idle moment once the page has loaded. */
const IDLE_TIMEOUT_MS = 2000;

let loading: Promise<typeof HlsModule> | null = null;

/**
 * hls.js (580 kB raw, the full build) once the page has drawn and loaded and the browser is idle,
 * or at once on the viewer's first sign of intent, whichever comes first. Downloaded and parsed with
 * the page, it competed with the title's artwork and the page's own code on a phone; a viewer who
 * waits a moment still finds the player ready (first segment buffered) before pressing Play, and
 * one who presses at once gets it a download later.
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
    const whenLoaded = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(done, 0);
    };
    for (const type of INTENT_EVENTS) window.addEventListener(type, done, { capture: true, passive: true });
    if (document.readyState === 'complete') whenLoaded();
    else window.addEventListener('load', whenLoaded);
  });
}
