import type { Banner } from '@marquee/contract';
import { Pause, Play } from 'lucide-react';
import { useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { Link } from 'react-router';
import { prefersReducedMotion } from '@/lib/motion';
import { entryHref, type RowOrigin } from './content-row';

/** SPEC §9: autoplay every 5000 ms, looping, 1.4 slides visible, stopped by user interaction. */
export const BANNER_SWIPER = { delay: 5000, slidesPerView: 1.4 } as const;

/** Swiper loops 1.4 slides only with at least ceil(1.4) + 1 of them; fewer would warn and stall. */
const MIN_SLIDES_TO_LOOP = Math.ceil(BANNER_SWIPER.slidesPerView) + 1;

/** `origin` 'third-party' makes each banner open its partner title page. */
export function BannerCarousel({ banners, origin = 'catalog' }: { banners: Banner[]; origin?: RowOrigin }) {
  const shown = banners.filter((banner) => banner.isEnable);
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [playing, setPlaying] = useState(true);

  if (shown.length === 0) return null;

  const toggle = () => {
    if (!swiper) return;
    if (playing) swiper.autoplay.stop();
    else swiper.autoplay.start();
  };

  return (
    <section aria-roledescription="carousel" aria-label="Featured" className="relative">
      <Swiper
        modules={[Autoplay, A11y]}
        a11y={{ slideLabelMessage: '{{index}} of {{slidesLength}}' }}
        slidesPerView={BANNER_SWIPER.slidesPerView}
        spaceBetween={12}
        loop={shown.length >= MIN_SLIDES_TO_LOOP}
        autoplay={{ delay: BANNER_SWIPER.delay, disableOnInteraction: true, pauseOnMouseEnter: true }}
        onSwiper={(instance) => {
          setSwiper(instance);
          // Moving pictures on their own are what reduced-motion users asked not to get.
          if (prefersReducedMotion()) instance.autoplay.stop();
        }}
        onAutoplayStart={() => setPlaying(true)}
        onAutoplayStop={() => setPlaying(false)}
      >
        {shown.map((banner, index) => (
          <SwiperSlide key={banner._id}>
            <BannerSlide banner={banner} priority={index === 0} origin={origin} />
          </SwiperSlide>
        ))}
      </Swiper>
      {shown.length > 1 && (
        <button
          type="button"
          onClick={toggle}
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
      className="group relative block aspect-[16/9] overflow-hidden rounded-xl bg-zinc-900 outline-none focus-visible:ring-2 focus-visible:ring-amber-400 lg:aspect-[21/9]"
    >
      <img
        src={banner.image}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        draggable={false}
        className="absolute inset-0 h-full w-full object-cover transition duration-700 group-hover:scale-[1.02]"
      />
      <span className="absolute inset-0 bg-linear-to-t from-black/90 via-black/30 to-transparent" />
      <span className="absolute inset-x-0 bottom-0 flex flex-col gap-1 p-4 sm:p-6 lg:p-10">
        <span className="text-xl font-bold tracking-tight text-white drop-shadow sm:text-3xl lg:text-4xl">{item.name}</span>
        {item.genres.length > 0 && (
          <span className="text-xs text-zinc-300 sm:text-sm">{item.genres.map((genre) => genre.name).join(' • ')}</span>
        )}
      </span>
    </Link>
  );
}
