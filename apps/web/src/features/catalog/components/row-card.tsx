import type { TitleAccess } from '@marquee/contract';
import { Link } from 'react-router';
import { AccessBadge } from '@/components/ui/access-badge';
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
}

interface RowCardProps {
  card: RowCardModel;
  aspectRatio: string;
  selected?: boolean;
  onClick?: () => void;
}

// The focus ring sits on the image, inside the card, because the carousel clips anything outside it.
const cardClass = 'group block w-full rounded-md text-left outline-none';

export function RowCard({ card, aspectRatio, selected = false, onClick }: RowCardProps) {
  const body = (
    <>
      <span
        className={cn(
          'relative block overflow-hidden rounded-md bg-zinc-800 ring-1 ring-white/5 transition duration-300',
          'group-hover:ring-white/30',
        )}
        style={{ aspectRatio }}
      >
        <img
          src={card.image}
          alt={card.name}
          loading="lazy"
          decoding="async"
          draggable={false}
          className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
        />
        <span className="pointer-events-none absolute inset-0 bg-linear-to-t from-black/60 via-transparent to-transparent opacity-0 transition group-hover:opacity-100" />
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
      <Link to={card.href} className={cardClass} draggable={false}>
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
