import type { TitleAccess } from '@marquee/contract';
import { formatUsd } from './money';
import { rentalTimeLeft } from './rental-time';

/**
 * The badge text for the viewer's access to a title, as the server decided it: 'Free',
 * 'Included' (subscriber), 'Rent $X', 'Rented · 31 h left'; null when there is nothing to say.
 */
export function accessLabel(access: TitleAccess | undefined, now: Date = new Date()): string | null {
  switch (access?.kind) {
    case 'free':
      return 'Free';
    case 'included':
      return 'Included';
    case 'rent':
      return `Rent ${formatUsd(access.price)}`;
    case 'rented':
      return access.expiresAt ? `Rented · ${rentalTimeLeft(access, now)}` : 'Rented';
    default:
      return null;
  }
}

/**
 * Whether the viewer may watch the whole title. The server decides: a full-video link, or an
 * access it granted (free, included, rented) while the video is still being prepared.
 */
export function hasAccess(title: { url?: string | null; access?: TitleAccess }): boolean {
  if (title.url) return true;
  const kind = title.access?.kind;
  return kind === 'free' || kind === 'included' || kind === 'rented';
}

/** The rent price to offer, only when the server says the viewer can rent the title. */
export function rentOffer(access: TitleAccess | undefined): number | null {
  return access?.kind === 'rent' ? access.price : null;
}
