/** Whether the viewer asked the system for less motion (no smooth scrolling, no slideshows). */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
