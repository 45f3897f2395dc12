import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useViewportWidth } from '@/hooks/use-viewport-width';
import { cn } from '@/lib/cn';
import { useSnapTrack } from '../hooks/use-snap-track';
import { RowCard, type RowCardModel } from './row-card';
import { cardAspectRatio, ROW_SCROLL, slidesPerView, type RowShape } from './row-layout';

interface RowCarouselProps {
  label: string;
  shape: RowShape;
  cards: RowCardModel[];
  arrows: boolean;
  selectedIndex?: number;
  onCardClick?: (index: number) => void;
}

/**
 * The sliding part of a content row: a CSS scroll-snap list (swipe, wheel and Tab move it without
 * script) showing `slidesPerView` cards 8 px apart, and arrows that glide one card at a time.
 */
export function RowCarousel({ label, shape, cards, arrows, selectedIndex, onCardClick }: RowCarouselProps) {
  const { trackRef, atStart, atEnd, step } = useSnapTrack(ROW_SCROLL.speed);
  const aspectRatio = cardAspectRatio(shape);
  const slides = slidesPerView(shape, useViewportWidth());
  const gap = ROW_SCROLL.spaceBetween;
  // A card's width: the track less the gaps between the visible cards, shared among them.
  const trackStyle = { '--slide-width': `calc((100% - ${(slides - 1) * gap}px) / ${slides})`, columnGap: gap } as CSSProperties;

  return (
    <div className="group/row relative">
      <ul
        ref={trackRef}
        aria-label={label}
        style={trackStyle}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {cards.map((card, index) => (
          <li key={card.key} className="min-w-0 shrink-0 grow-0 basis-(--slide-width) snap-start">
            <RowCard
              card={card}
              aspectRatio={aspectRatio}
              capHeight={shape === 'long-horizontal'}
              selected={selectedIndex === index}
              onClick={onCardClick ? () => onCardClick(index) : undefined}
            />
          </li>
        ))}
      </ul>
      {arrows && (
        <>
          <ArrowButton direction="prev" disabled={atStart} onClick={() => step(-1)} />
          <ArrowButton direction="next" disabled={atEnd} onClick={() => step(1)} />
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
