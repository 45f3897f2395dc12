import { describe, expect, it } from 'vitest';
import { RENTAL_START_WINDOW_DAYS } from '@marquee/contract';
import { rentalStartBy, subscriptionPeriod } from './billing-periods';

const day = 24 * 60 * 60 * 1000;
const now = new Date('2026-03-10T12:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * day);
const monthly = { id: 'monthly', validityDays: 30 };
const yearly = { id: 'yearly', validityDays: 365 };

describe('subscription periods', () => {
  it('a first purchase starts now and lasts the plan’s validity', () => {
    expect(subscriptionPeriod({ now, live: [], plan: monthly })).toEqual({ startsAt: now, endsAt: at(30), kind: 'new', ends: [] });
  });

  it('renewing the plan in force extends from its current end, not from today', () => {
    const live = [{ id: 'a', planId: 'monthly', startsAt: at(-20), endsAt: at(10) }];
    expect(subscriptionPeriod({ now, live, plan: monthly })).toEqual({ startsAt: at(10), endsAt: at(40), kind: 'renewal', ends: [] });
  });

  it('renewing twice chains after the last paid period', () => {
    const live = [
      { id: 'a', planId: 'monthly', startsAt: at(-20), endsAt: at(10) },
      { id: 'b', planId: 'monthly', startsAt: at(10), endsAt: at(40) },
    ];
    expect(subscriptionPeriod({ now, live, plan: monthly })).toMatchObject({ startsAt: at(40), endsAt: at(70), kind: 'renewal' });
  });

  it('a different plan starts at once and ends what was in force', () => {
    const live = [
      { id: 'a', planId: 'monthly', startsAt: at(-20), endsAt: at(10) },
      { id: 'b', planId: 'monthly', startsAt: at(10), endsAt: at(40) },
    ];
    expect(subscriptionPeriod({ now, live, plan: yearly })).toEqual({ startsAt: now, endsAt: at(365), kind: 'change', ends: ['a', 'b'] });
  });

  it('an ended subscription does not count: the next purchase starts now', () => {
    expect(subscriptionPeriod({ now, live: [], plan: monthly }).startsAt).toEqual(now);
  });
});

describe('rental window', () => {
  it(`a rental must be started within ${RENTAL_START_WINDOW_DAYS} days of payment`, () => {
    expect(rentalStartBy(now)).toEqual(at(RENTAL_START_WINDOW_DAYS));
  });
});
