import { RowSkeleton } from './row-skeleton';

/**
 * The home page before its category arrives, in the shape it will have: the banner carousel's box
 * (edge to edge and 4:3 on a phone; above that one slide of 1.4 with 12 px between slides, 16:9, and
 * 21:9 from lg; as banner-carousel.tsx draws it), then rows. Also the page's first frame while its
 * code downloads.
 */
export function HomeSkeleton() {
  return (
    <div className="space-y-10">
      <div aria-hidden="true" className="-mx-4 -mt-6 sm:mx-0 sm:mt-0">
        <div className="aspect-[4/3] w-full animate-pulse bg-zinc-900 sm:aspect-[16/9] sm:w-[calc((100%_-_4.8px)/1.4)] sm:rounded-xl lg:aspect-[21/9]" />
      </div>
      <RowSkeleton rows={3} />
    </div>
  );
}
