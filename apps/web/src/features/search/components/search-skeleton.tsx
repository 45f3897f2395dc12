/**
 * The search page takes at least a screen's height, its results included, so the footer is never
 * drawn on screen only to move when the page's code arrives or the results take fewer rows than
 * their placeholders.
 */
export const SEARCH_PAGE_CLASS = 'min-h-dvh space-y-8';

/** The search page while its code downloads: its heading and box where they will be. */
export function SearchSkeleton() {
  return (
    <div role="status" aria-label="Loading" className={SEARCH_PAGE_CLASS}>
      <div aria-hidden="true" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
        Search
      </div>
      <div aria-hidden="true" className="h-12 max-w-2xl rounded-full bg-white/10 ring-1 ring-white/10" />
    </div>
  );
}
