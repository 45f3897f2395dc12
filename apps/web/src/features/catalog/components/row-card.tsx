import type { TitleAccess } from '@marquee/contract';
import { Link } from 'react-router';
import { AccessBadge } from '@/components/ui/access-badge';
import { ArtworkImage } from '@/components/ui/artwork-image';
import { cn } from '@/lib/cn';

/** What a card needs, whatever the row holds (catalogue entries or episodes). */
export interface RowCardModel {
  key: string;
  name: string;
  image: string;
  /** Small line under the name, e.g. 'Episode 3'. */
  caption?: string;
  /** Set for a link card; a card without one is a button. */
  href?: string;
  /** The viewer's access, for the badge in the corner. */
  access?: TitleAccess;
  /** Its place in a ranked row (the top 10), drawn as a large numeral over the picture. */
  rank?: number;
}

interface RowCardProps {
  card: RowCardModel;
  aspectRatio: string;
  /** Caps the picture's height (a one-card-wide row must not grow into a second hero); it is cropped to fit. */
  capHeight?: boolean;
  selected?: boolean;
  onClick?: () => void;
}

// The focus ring sits on the image, inside the card, because the carousel clips anything outside it.
const cardClass = 'group block w-full rounded-md text-left outline-none';

export function RowCard({ card, aspectRatio, capHeight = false, selected = false, onClick }: RowCardProps) {
  const body = (
    <>
      <span
        className={cn(
          'relative block overflow-hidden rounded-md bg-zinc-800 ring-1 ring-white/5 transition duration-300',
          'group-hover:ring-white/30',
          // A definite width keeps the card full width: with an auto width, Chromium would narrow it to keep the ratio.
          capHeight && 'max-h-[min(50vh,26rem)] w-full',
        )}
        style={{ aspectRatio }}
      >
        <ArtworkImage
          src={card.image}
          sizes={cardImageSizes({ aspectRatio, capHeight })}
          alt={card.name}
          loading="lazy"
          decoding="async"
          draggable={false}
          className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
        />
        <span className="pointer-events-none absolute inset-0 bg-linear-to-t from-black/60 via-transparent to-transparent opacity-0 transition group-hover:opacity-100" />
        {card.rank !== undefined && <RankNumeral rank={card.rank} />}
        <span
          className={cn(
            'pointer-events-none absolute inset-0 rounded-md ring-amber-400 ring-inset group-focus-visible:ring-[3px]',
            selected && 'ring-2',
          )}
        />
      </span>
      <span aria-hidden="true" className="mt-2 block truncate text-sm font-medium text-zinc-200 group-hover:text-white group-focus-visible:text-white group-focus-visible:underline">
        {card.name}
      </span>
      {card.caption && (
        <span aria-hidden="true" className="block truncate text-xs text-zinc-400">
          {card.caption}
        </span>
      )}
    </>
  );

  const control =
    card.href !== undefined ? (
      <Link to={card.href} className={cardClass} draggable={false} aria-label={card.rank === undefined ? undefined : `Number ${card.rank}: ${card.name}`}>
        {body}
      </Link>
    ) : (
      <button type="button" className={cardClass} onClick={onClick} aria-current={selected ? 'true' : undefined}>
        {body}
      </button>
    );
  if (!card.access) return control;
  // Beside the link rather than in it, so the card's text stays the title's name.
  return (
    <div className="relative">
      {control}
      <AccessBadge access={card.access} decorative className="pointer-events-none absolute top-1.5 left-1.5" />
    </div>
  );
}

/** The big services' top-10 numeral: outlined, bottom left, over the picture (the name is read with 'Number N' instead). */
function RankNumeral({ rank }: { rank: number }) {
  return (
    <span
      aria-hidden="true"
      data-testid="rank"
      className="pointer-events-none absolute bottom-0 left-1 text-[clamp(3rem,9vw,6rem)] leading-[0.8] font-black tracking-tighter text-zinc-950 [paint-order:stroke] [-webkit-text-stroke:3px_white] drop-shadow-[0_2px_6px_rgba(0,0,0,0.6)]"
    >
      {rank}
    </span>
  );
}

/**
 * How wide a card is drawn (behaviour.md §9's slides per view, rounded up a little): posters 2.2 a
 * phone's width and about 6 a desktop's; 16:9 cards 1.4 and about 4; a one-card row the whole width.
 */
export function cardImageSizes(input: { aspectRatio: string; capHeight: boolean }): string {
  if (input.capHeight) return '100vw';
  return input.aspectRatio === '11 / 16' ? '(min-width: 769px) 17vw, 46vw' : '(min-width: 769px) 26vw, 72vw';
}
