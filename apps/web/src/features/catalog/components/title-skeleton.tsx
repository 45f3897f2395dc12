/**
 * A movie or series page before it arrives: the player's box exactly (the video, trailer or artwork
 * all fill it), then the name and facts, and at least a screen's height in all, so the footer is
 * not drawn on screen only to be pushed away.
 */
export function TitleSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="min-h-dvh space-y-10">
      <div className="-mx-4 -mt-6 sm:-mx-6 lg:-mx-10">
        <div className="aspect-video max-h-[70vh] w-full bg-black" />
      </div>
      <div aria-hidden="true" className="space-y-4">
        <div className="h-9 w-2/3 max-w-md animate-pulse rounded bg-zinc-800 sm:h-10" />
        <div className="h-5 w-1/2 max-w-xs animate-pulse rounded bg-zinc-800/70" />
        <div className="h-16 w-full max-w-2xl animate-pulse rounded bg-zinc-800/50" />
      </div>
    </div>
  );
}
