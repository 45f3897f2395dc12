import { RENTAL_START_WINDOW_DAYS } from '@marquee/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface LivePeriod {
  id: string;
  planId: string;
  startsAt: Date;
  endsAt: Date;
}

export interface NewPeriod {
  startsAt: Date;
  endsAt: Date;
  /** renewal: same plan, extends from the current end; change: another plan, starts now. */
  kind: 'new' | 'renewal' | 'change';
  /** Live periods a plan change cuts short at `startsAt`. */
  ends: string[];
}

/**
 * The period a paid plan buys. Renewing the plan in force extends from the end of the last
 * period already paid for; a different plan starts at once and ends the old one (behaviour.md §4:
 * "renewal or upgrade"); with nothing in force it simply starts now.
 */
export function subscriptionPeriod(input: { now: Date; live: LivePeriod[]; plan: { id: string; validityDays: number } }): NewPeriod {
  const { now, live, plan } = input;
  const validity = plan.validityDays * DAY_MS;
  const current = live.filter((p) => p.startsAt <= now && p.endsAt > now).sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime())[0];
  if (!current) return { startsAt: now, endsAt: new Date(now.getTime() + validity), kind: 'new', ends: [] };
  if (current.planId === plan.id) {
    const chainEnd = Math.max(...live.filter((p) => p.planId === plan.id).map((p) => p.endsAt.getTime()));
    return { startsAt: new Date(chainEnd), endsAt: new Date(chainEnd + validity), kind: 'renewal', ends: [] };
  }
  return { startsAt: now, endsAt: new Date(now.getTime() + validity), kind: 'change', ends: live.map((p) => p.id) };
}

/** A new rental may be started until this moment; once started it runs RENTAL_VIEWING_HOURS. */
export const rentalStartBy = (now: Date) => new Date(now.getTime() + RENTAL_START_WINDOW_DAYS * DAY_MS);
