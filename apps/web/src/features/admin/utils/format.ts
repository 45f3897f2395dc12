import { formatUsd } from '@/lib/money';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A moment as the console shows it: "26 Nov 2026, 04:10". */
export const formatWhen = (iso: string) => when.format(new Date(iso));

/** Every price is in USD; another currency would be shown with its code. */
export const money = (amount: number, currency: string) => (currency === 'USD' ? formatUsd(amount) : `${amount.toFixed(2)} ${currency}`);

/** A position in a video: "1:05:09", "4:07". */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** How long something took: "4.2 s", "42 s", "3 min 5 s". */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole >= 60) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  return `${seconds < 10 ? seconds.toFixed(1) : whole} s`;
}
