import { useSyncExternalStore } from 'react';

/** Current window width in CSS pixels, updated on resize. */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, readWidth, serverWidth);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function readWidth(): number {
  return window.innerWidth;
}

function serverWidth(): number {
  return 1024;
}
