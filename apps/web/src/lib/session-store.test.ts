import { describe, expect, it } from 'vitest';
import { session } from '@/test/fixtures';
import { SESSION_STORAGE_KEY, useSession } from './session-store';

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
});
