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
