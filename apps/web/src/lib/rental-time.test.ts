import { describe, expect, it } from 'vitest';
import { rentalTimeLeft } from './rental-time';

const now = new Date('2026-05-01T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
const HOUR = 3_600_000;

describe('rentalTimeLeft', () => {
  it('counts whole hours of a started rental, rounding down', () => {
    expect(rentalTimeLeft({ startBy: at(30 * 24 * HOUR), expiresAt: at(31.9 * HOUR) }, now)).toBe('31 h left');
    expect(rentalTimeLeft({ startBy: at(30 * 24 * HOUR), expiresAt: at(48 * HOUR) }, now)).toBe('48 h left');
  });

  it('counts minutes in the last hour and never says 0', () => {
    expect(rentalTimeLeft({ startBy: at(HOUR), expiresAt: at(25 * 60_000) }, now)).toBe('25 min left');
    expect(rentalTimeLeft({ startBy: at(HOUR), expiresAt: at(5_000) }, now)).toBe('1 min left');
  });

  it('gives the days left to start an unstarted rental', () => {
    expect(rentalTimeLeft({ startBy: at(30 * 24 * HOUR), expiresAt: null }, now)).toBe('Start within 30 days');
    expect(rentalTimeLeft({ startBy: at(1.5 * 24 * HOUR), expiresAt: null }, now)).toBe('Start within 1 day');
    expect(rentalTimeLeft({ startBy: at(5.5 * HOUR), expiresAt: null }, now)).toBe('Start within 5 h');
  });

  it('says Expired once a window has passed', () => {
    expect(rentalTimeLeft({ startBy: at(HOUR), expiresAt: at(-1) }, now)).toBe('Expired');
    expect(rentalTimeLeft({ startBy: at(-1), expiresAt: null }, now)).toBe('Expired');
  });
});
