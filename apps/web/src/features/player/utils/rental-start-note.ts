import type { TitleAccess } from '@marquee/contract';
import { RENTAL_VIEWING_HOURS } from '@marquee/contract/client';

/**
 * Under the start button of a rented title nobody has started yet: the viewing window opens with
 * the first press of Play (the server starts it when the video is first fetched), so say so.
 */
export function rentalStartNote(access: TitleAccess | undefined): string | undefined {
  if (access?.kind !== 'rented' || access.expiresAt) return undefined;
  return `Rented. Your ${RENTAL_VIEWING_HOURS} hours start when you press Play.`;
}
