import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { cn } from '@/lib/cn';
import { RowCard, type RowCardModel } from './row-card';
import { baseSlidesPerView, cardAspectRatio, ROW_SWIPER, swiperBreakpoints, type RowShape } from './row-layout';

interface RowCarouselProps {
  label: string;
  shape: RowShape;
  cards: RowCardModel[];
  arrows: boolean;
  selectedIndex?: number;
  onCardClick?: (index: number) => void;
}

/** The Swiper part of a content row: slides, and arrows when the row asks for them. */
export function RowCarousel({ label, shape, cards, arrows, selectedIndex, onCardClick }: RowCarouselProps) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);
  const aspectRatio = cardAspectRatio(shape);

  const trackEdges = (instance: SwiperInstance) => {
    setAtStart(instance.isBeginning);
    setAtEnd(instance.isEnd);
  };

  return (
    <div className="group/row relative">
      <Swiper
        modules={[A11y]}
        a11y={{ containerMessage: label, slideLabelMessage: '{{index}} of {{slidesLength}}', scrollOnFocus: true }}
        watchSlidesProgress
        spaceBetween={ROW_SWIPER.spaceBetween}
        slidesPerGroup={ROW_SWIPER.slidesPerGroup}
        speed={ROW_SWIPER.speed}
        slidesPerView={baseSlidesPerView(shape)}
        breakpoints={swiperBreakpoints(shape)}
        onSwiper={(instance) => {
          setSwiper(instance);
          trackEdges(instance);
        }}
        onProgress={trackEdges}
        onResize={trackEdges}
      >
        {cards.map((card, index) => (
          <SwiperSlide key={card.key}>
            <RowCard
              card={card}
              aspectRatio={aspectRatio}
              selected={selectedIndex === index}
              onClick={onCardClick ? () => onCardClick(index) : undefined}
            />
          </SwiperSlide>
        ))}
      </Swiper>
      {arrows && (
        <>
          <ArrowButton direction="prev" disabled={atStart} onClick={() => swiper?.slidePrev()} />
          <ArrowButton direction="next" disabled={atEnd} onClick={() => swiper?.slideNext()} />
        </>
      )}
    </div>
  );
}

function ArrowButton({ direction, disabled, onClick }: { direction: 'prev' | 'next'; disabled: boolean; onClick: () => void }) {
  const Icon = direction === 'prev' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={direction === 'prev' ? 'Previous' : 'Next'}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'absolute top-0 bottom-8 z-10 flex w-10 items-center justify-center bg-zinc-950/70 text-white backdrop-blur-sm transition',
        'opacity-0 group-hover/row:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-amber-400',
        'hover:bg-zinc-900/90 disabled:pointer-events-none disabled:opacity-0!',
        direction === 'prev' ? '-left-1 rounded-r-md' : '-right-1 rounded-l-md',
      )}
    >
      <Icon aria-hidden="true" className="size-7" />
    </button>
  );
}
