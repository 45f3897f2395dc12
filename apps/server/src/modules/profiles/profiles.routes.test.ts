import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfilesAnswer, Session } from '@marquee/contract';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';
import { PIN_ATTEMPTS } from './profiles.service';

let ctx: TestContext;
let make: ReturnType<typeof fixtures>;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_LIMIT_PER_IP: '1000' });
  make = fixtures(ctx.db);
});
afterAll(() => ctx.close());

const call = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
const profilesOf = async (session: Session): Promise<ProfilesAnswer> => (await call(session, 'GET', '/user/profiles')).json();
const create = (session: Session, body: object) => call(session, 'POST', '/user/profiles', body);
const select = (session: Session, id: string, pin?: string) => call(session, 'POST', `/user/profiles/${id}/select`, pin ? { pin } : {});

describe('household profiles', () => {
  it('start as one profile named after the account, chosen without asking', async () => {
    const ada = await signIn(ctx, { email: 'ada@example.com', name: 'Ada Lovelace' });
    const answer = await profilesOf(ada);
    expect(answer.profiles).toMatchObject([{ name: 'Ada Lovelace', isKids: false, maxAgeRating: null, requiresPin: false }]);
    expect(answer.current).toBe(answer.profiles[0]!._id);
    expect(answer).toMatchObject({ hasPin: false, max: 5 });
  });

  it('hold at most five: a sixth is refused and nothing is added', async () => {
    const bob = await signIn(ctx, { email: 'bob@example.com', name: 'Bob' });
    for (const name of ['Two', 'Three', 'Four', 'Five']) expect((await create(bob, { name })).statusCode).toBe(200);
    const sixth = await create(bob, { name: 'Six' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().detail).toBe('An account holds at most 5 profiles');
    expect((await profilesOf(bob)).profiles.map((p) => p.name)).toEqual(['Bob', 'Two', 'Three', 'Four', 'Five']);
  });

  it('refuse bad profiles with a message and change nothing', async () => {
    const cy = await signIn(ctx, { email: 'cy@example.com', name: 'Cy' });
    for (const body of [{ name: '' }, { name: 'x'.repeat(41) }, { name: 'Kid', maxAgeRating: 30 }, { name: 'Kid', avatar: 'purple' }]) {
      const res = await create(cy, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail).toBeTruthy();
    }
    const needsPin = await create(cy, { name: 'Grown-up', requiresPin: true });
    expect(needsPin.statusCode).toBe(400);
    expect(needsPin.json().detail).toMatch(/Set a PIN/);
    expect((await profilesOf(cy)).profiles).toHaveLength(1);
  });

  it('keep watchlist and progress apart per profile', async () => {
    const dee = await signIn(ctx, { email: 'dee@example.com', name: 'Dee' });
    const film = await make.title({ name: 'Shared Sofa', ageLimit: 0 });
    const own = (await profilesOf(dee)).current!;
    const kid = (await create(dee, { name: 'Kid', isKids: true })).json();
    expect((await call(dee, 'PUT', '/user/watchlist', { id: film.id, type: 'movie' })).statusCode).toBe(200);
    expect((await call(dee, 'PUT', '/user/progress', { titleId: film.id, position: 600, duration: 6000 })).statusCode).toBe(200);
    expect((await select(dee, kid._id)).json().current).toBe(kid._id);
    expect((await call(dee, 'GET', '/user/watchlist')).json()).toEqual([]);
    expect((await call(dee, 'GET', '/user/continue-watching')).json()).toEqual([]);
    expect((await select(dee, own)).statusCode).toBe(200);
    expect((await call(dee, 'GET', '/user/watchlist')).json()).toHaveLength(1);
  });

  it('ask for the PIN to leave a kids profile, and stop guessing after too many tries', async () => {
    const eve = await signIn(ctx, { email: 'eve@example.com', name: 'Eve' });
    const own = (await profilesOf(eve)).current!;
    expect((await call(eve, 'PUT', '/user/profile-pin', { pin: '12a4' })).statusCode).toBe(400);
    expect((await call(eve, 'PUT', '/user/profile-pin', { pin: '2468' })).statusCode).toBe(200);
    const kid = (await create(eve, { name: 'Kid', isKids: true })).json();
    // Entering a kids profile needs no PIN; leaving it does.
    expect((await select(eve, kid._id)).statusCode).toBe(200);
    expect((await create(eve, { name: 'Sneaky' })).statusCode).toBe(403);
    const missing = await select(eve, own);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().detail).toBe('Enter the PIN to open this profile');
    expect((await select(eve, own, '2468')).json().current).toBe(own);
    expect((await select(eve, kid._id)).statusCode).toBe(200);

    // One PIN was typed already (the right one); every try counts.
    for (let attempt = 1; attempt < PIN_ATTEMPTS.limit; attempt += 1) {
      const wrong = await select(eve, own, '0000');
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().detail).toBe('Wrong PIN');
    }
    const limited = await select(eve, own, '2468');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
    expect((await profilesOf(eve)).current).toBe(kid._id);
  });

  it('open a profile marked as needing the PIN only with it', async () => {
    const fay = await signIn(ctx, { email: 'fay@example.com', name: 'Fay' });
    const own = (await profilesOf(fay)).current!;
    await call(fay, 'PUT', '/user/profile-pin', { pin: '1357' });
    const locked = (await create(fay, { name: 'Private', requiresPin: true })).json();
    expect((await select(fay, locked._id)).statusCode).toBe(403);
    expect((await select(fay, locked._id, '1357')).json().current).toBe(locked._id);
    // Changing the PIN needs the one in force.
    expect((await call(fay, 'PUT', '/user/profile-pin', { pin: '9999' })).statusCode).toBe(403);
    expect((await call(fay, 'PUT', '/user/profile-pin', { pin: '9999', currentPin: '1357' })).statusCode).toBe(200);
    expect((await call(fay, 'DELETE', `/user/profiles/${locked._id}`)).statusCode).toBe(409);
    expect((await select(fay, own)).statusCode).toBe(200);
    expect((await call(fay, 'DELETE', `/user/profiles/${locked._id}`)).statusCode).toBe(200);
    expect((await profilesOf(fay)).profiles).toHaveLength(1);
  });

  it('count a wrong current PIN, when changing it, as a try against the same limit', async () => {
    const ida = await signIn(ctx, { email: 'ida@example.com', name: 'Ida' });
    const kid = (await create(ida, { name: 'Kid', isKids: true })).json();
    expect((await call(ida, 'PUT', '/user/profile-pin', { pin: '4321' })).statusCode).toBe(200);
    for (let attempt = 0; attempt < PIN_ATTEMPTS.limit; attempt += 1) {
      const wrong = await call(ida, 'PUT', '/user/profile-pin', { pin: '0000', currentPin: '1111' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().detail).toBe('Wrong PIN');
    }
    // Guessing through the change form is as limited as through the profile switch.
    const limited = await call(ida, 'PUT', '/user/profile-pin', { pin: '0000', currentPin: '4321' });
    expect(limited.statusCode).toBe(429);
    expect((await select(ida, kid._id)).statusCode).toBe(200);
    expect((await select(ida, (await profilesOf(ida)).profiles[0]!._id, '0000')).statusCode).toBe(429);
    expect((await profilesOf(ida)).current).toBe(kid._id);
  });

  it('hold at most five when several are added at once', async () => {
    const jo = await signIn(ctx, { email: 'jo@example.com', name: 'Jo' });
    for (const name of ['Two', 'Three', 'Four']) await create(jo, { name });
    const answers = await Promise.all(['Five', 'Six', 'Seven'].map((name) => create(jo, { name })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await profilesOf(jo)).profiles).toHaveLength(5);
  });

  it('ask a new session to choose who is watching when there are several', async () => {
    const gus = await signIn(ctx, { email: 'gus@example.com', name: 'Gus' });
    await create(gus, { name: 'Kid', isKids: true });
    const later = await signIn(ctx, { email: 'gus@example.com' });
    expect((await profilesOf(later)).current).toBeNull();
    const refused = await call(later, 'GET', '/user/watchlist');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe("Choose who's watching first");
  });

  it('remember the languages chosen in the player, refusing an unknown code', async () => {
    const hal = await signIn(ctx, { email: 'hal@example.com', name: 'Hal' });
    const bad = await call(hal, 'PUT', '/user/profile-languages', { audioLanguage: 'xx' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/Unknown language code/);
    expect((await profilesOf(hal)).profiles[0]).toMatchObject({ audioLanguage: null, subtitleLanguage: null });
    const saved = await call(hal, 'PUT', '/user/profile-languages', { audioLanguage: 'fr', subtitleLanguage: 'en' });
    expect(saved.json()).toMatchObject({ audioLanguage: 'fr', subtitleLanguage: 'en' });
    expect((await call(hal, 'PUT', '/user/profile-languages', { subtitleLanguage: null })).json()).toMatchObject({ audioLanguage: 'fr', subtitleLanguage: null });
  });
});
