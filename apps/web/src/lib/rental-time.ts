import type { RentedEntry } from '@marquee/contract';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * What is left of a rental, as the Rented list and badges say it: hours (or minutes in the last
 * hour) once playback started, days to start before that.
 */
export function rentalTimeLeft(rental: Pick<RentedEntry, 'startBy' | 'expiresAt'>, now: Date = new Date()): string {
  if (rental.expiresAt) {
    const left = Date.parse(rental.expiresAt) - now.getTime();
    if (left <= 0) return 'Expired';
    if (left < HOUR) return `${Math.max(1, Math.ceil(left / 60_000))} min left`;
    return `${Math.floor(left / HOUR)} h left`;
  }
  const toStart = Date.parse(rental.startBy) - now.getTime();
  if (toStart <= 0) return 'Expired';
  if (toStart < DAY) return `Start within ${Math.max(1, Math.floor(toStart / HOUR))} h`;
  const days = Math.floor(toStart / DAY);
  return `Start within ${days} ${days === 1 ? 'day' : 'days'}`;
}
