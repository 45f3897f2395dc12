import { session as sessionSchema } from '@marquee/contract';
import { describe, expect, it, vi } from 'vitest';
import { session } from '@/test/fixtures';
import { isSession, SESSION_STORAGE_KEY, useSession } from './session-store';

async function rehydrateFrom(state: unknown, version = 2) {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ state, version }));
  await useSession.persist.rehydrate();
}

describe('session store', () => {
  it('restores a stored login response', async () => {
    const ana = session();
    await rehydrateFrom({ isLoggedIn: true, user: ana, activeCategory: null, homepage: [] });
    expect(useSession.getState()).toMatchObject({ isLoggedIn: true, user: ana });
  });

  it('restores a session stored before the page loaded, as the store is created', async () => {
    const ana = session();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ state: { isLoggedIn: true, user: ana, activeCategory: null, homepage: [] }, version: 2 }));
    vi.resetModules();
    const fresh = await import('./session-store');
    expect(fresh.useSession.getState()).toMatchObject({ isLoggedIn: true, user: ana });
  });

  it('drops a stored session that is not a valid login response (older shape, hand-edited)', async () => {
    const stale = { token: 't', loginWith: 'email', user: { name: 'Ana', email: 'a@b.co', phoneNumber: '', dob: null, image: '' } };
    await rehydrateFrom({ isLoggedIn: true, user: stale, activeCategory: 'c1', homepage: [] }, 1);
    expect(useSession.getState()).toMatchObject({ isLoggedIn: false, user: null, activeCategory: 'c1' });
  });

  it('updateUser stores the session and logout clears it', () => {
    const ana = session();
    useSession.getState().updateUser(ana);
    expect(useSession.getState()).toMatchObject({ isLoggedIn: true, user: ana });
    useSession.getState().logout();
    expect(useSession.getState()).toMatchObject({ isLoggedIn: false, user: null });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state).toMatchObject({ isLoggedIn: false, user: null });
  });

  it('accepts a stored session exactly when the contract\'s session schema does', () => {
    const ana = session();
    const candidates: unknown[] = [ana, null, 'token', [], { ...ana, loginWith: 'google' }, { ...ana, token: 7 }, { ...ana, user: null }];
    for (const field of Object.keys(ana) as (keyof typeof ana)[]) {
      const { [field]: _dropped, ...rest } = ana;
      candidates.push(rest);
    }
    for (const field of Object.keys(ana.user) as (keyof typeof ana.user)[]) {
      const { [field]: _dropped, ...rest } = ana.user;
      candidates.push({ ...ana, user: rest }, { ...ana, user: { ...ana.user, [field]: null } }, { ...ana, user: { ...ana.user, [field]: 1 } });
    }
    candidates.push(
      { ...ana, user: { ...ana.user, _id: 'not-a-uuid' } },
      { ...ana, user: { ...ana.user, _id: '00000000-0000-0000-0000-000000000000' } },
      { ...ana, user: { ...ana.user, role: 'owner' } },
      { ...ana, user: { ...ana.user, role: 'admin' } },
      { ...ana, loginWith: 'phone' },
    );
    for (const candidate of candidates) {
      expect({ candidate, accepted: isSession(candidate) }).toEqual({ candidate, accepted: sessionSchema.safeParse(candidate).success });
    }
  });
});
