import type { Banner } from '@marquee/contract';
import { BANNER_IMAGE_SIZES } from '@marquee/contract/artwork';
import { Pause, Play } from 'lucide-react';
import { useEffect, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { ArtworkImage } from '@/components/ui/artwork-image';
import { useViewportWidth } from '@/hooks/use-viewport-width';
import { prefersReducedMotion } from '@/lib/motion';
import { useSnapTrack } from '../hooks/use-snap-track';
import { entryHref, type RowOrigin } from './content-row';

/**
 * behaviour.md §9: autoplay every 5000 ms, looping, 1.4 slides visible, stopped by user interaction. On a
 * phone one slide fills the width (a peeking sliver of the next one is too small to read there).
 */
export const BANNER_SLIDES = { delay: 5000, slidesPerView: 1.4, phoneSlidesPerView: 1, phoneMaxWidth: 639, spaceBetween: 12, speed: 300 } as const;

/** `origin` 'third-party' makes each banner open its partner title page. */
export function BannerCarousel({ banners, origin = 'catalog' }: { banners: Banner[]; origin?: RowOrigin }) {
  const shown = banners.filter((banner) => banner.isEnable);
  const { trackRef, current, atEnd, goTo } = useSnapTrack(BANNER_SLIDES.speed);
  // Moving pictures on their own are what reduced-motion users asked not to get.
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const slides = useViewportWidth() > BANNER_SLIDES.phoneMaxWidth ? BANNER_SLIDES.slidesPerView : BANNER_SLIDES.phoneSlidesPerView;
  const gap = BANNER_SLIDES.spaceBetween;
  const trackStyle = { '--slide-width': `calc((100% - ${(slides - 1) * gap}px) / ${slides})`, columnGap: gap } as CSSProperties;

  // Autoplay: the next slide every 5 s, back to the first after the last (the loop); paused while
  // the pointer rests on the carousel.
  const next = atEnd ? 0 : current + 1;
  useEffect(() => {
    if (!playing || hovered || shown.length < 2) return;
    const timer = window.setTimeout(() => goTo(next), BANNER_SLIDES.delay);
    return () => window.clearTimeout(timer);
  }, [playing, hovered, next, goTo, shown.length]);

  if (shown.length === 0) return null;

  // A viewer who swipes, scrolls it sideways, clicks or tabs into it takes over: autoplay stops.
  const stop = () => setPlaying(false);

  return (
    // Edge to edge on a phone, like the title pages' player.
    <section
      aria-roledescription="carousel"
      aria-label="Featured"
      className="relative -mx-4 -mt-6 sm:mx-0 sm:mt-0"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div
        ref={trackRef}
        onPointerDown={stop}
        onWheel={(event) => {
          if (Math.abs(event.deltaX) > Math.abs(event.deltaY)) stop();
        }}
        onFocus={stop}
        style={trackStyle}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {shown.map((banner, index) => (
          <div
            key={banner._id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${shown.length}`}
            aria-current={index === current ? 'true' : undefined}
            className="min-w-0 shrink-0 grow-0 basis-(--slide-width) snap-start"
          >
            <BannerSlide banner={banner} priority={index === 0} origin={origin} />
          </div>
        ))}
      </div>
      {shown.length > 1 && (
        <button
          type="button"
          onClick={() => setPlaying((now) => !now)}
          aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
          className="absolute top-3 left-3 z-10 rounded-full bg-black/60 p-2 text-white backdrop-blur hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-amber-400"
        >
          {playing ? <Pause aria-hidden="true" className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
        </button>
      )}
    </section>
  );
}

function BannerSlide({ banner, priority, origin }: { banner: Banner; priority: boolean; origin: RowOrigin }) {
  const { item } = banner.link;
  const href = entryHref(banner.link, origin);
  return (
    <Link
      to={href}
      draggable={false}
      className="group relative block aspect-[4/3] overflow-hidden bg-zinc-900 outline-none focus-visible:ring-2 focus-visible:ring-amber-400 focus-visible:ring-inset sm:aspect-[16/9] sm:rounded-xl lg:aspect-[21/9]"
    >
      <ArtworkImage
        src={banner.image}
        sizes={BANNER_IMAGE_SIZES}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        draggable={false}
        // The artwork's scene sits right of centre: the narrow phone crop keeps it in view.
        className="absolute inset-0 h-full w-full object-cover object-[70%_50%] transition duration-700 group-hover:scale-[1.02] sm:object-center"
      />
      <span className="absolute inset-0 bg-linear-to-t from-black/90 via-black/30 to-transparent" />
      <span className="absolute inset-x-0 bottom-0 flex flex-col gap-1 p-5 pb-6 sm:p-6 lg:p-10">
        <span className="text-3xl font-bold tracking-tight text-white drop-shadow sm:text-3xl lg:text-4xl">{item.name}</span>
        {item.genres.length > 0 && (
          <span className="text-xs text-zinc-300 sm:text-sm">{item.genres.map((genre) => genre.name).join(' • ')}</span>
        )}
      </span>
    </Link>
  );
}
