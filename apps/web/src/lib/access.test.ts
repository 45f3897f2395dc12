import { describe, expect, it } from 'vitest';
import { accessLabel } from './access';

const now = new Date('2026-05-01T12:00:00Z');
const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

describe('accessLabel', () => {
  it('names each kind of access the server sends', () => {
    expect(accessLabel({ kind: 'free' }, now)).toBe('Free');
    expect(accessLabel({ kind: 'included' }, now)).toBe('Included');
    expect(accessLabel({ kind: 'rent', price: 3.99 }, now)).toBe('Rent $3.99');
    expect(accessLabel({ kind: 'rented', startBy: later(720), expiresAt: later(31.5) }, now)).toBe('Rented · 31 h left');
    expect(accessLabel({ kind: 'rented', startBy: later(720), expiresAt: null }, now)).toBe('Rented');
  });

  it('says nothing without access or an answer', () => {
    expect(accessLabel(null, now)).toBeNull();
    expect(accessLabel(undefined, now)).toBeNull();
  });
});
