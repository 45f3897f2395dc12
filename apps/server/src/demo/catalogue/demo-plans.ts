import type { PlanSpec } from './demo-types';

/** The three plans the subscriptions page offers; prices in US cents. */
export const demoPlans: PlanSpec[] = [
  {
    title: 'Monthly',
    description: 'Every film and series in HD on any device, one screen at a time. Cancel any time.',
    priceCents: 999,
    validityDays: 30,
    maxStreams: 1,
  },
  {
    title: 'Quarterly',
    description: 'Three months of the full catalogue for a little less than paying monthly.',
    priceCents: 2499,
    validityDays: 90,
    maxStreams: 2,
  },
  {
    title: 'Yearly',
    description: 'Our best value: a full year of films and series, about $7.50 a month.',
    priceCents: 8999,
    validityDays: 365,
    maxStreams: 4,
  },
];
