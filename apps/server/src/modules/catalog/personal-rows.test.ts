import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CategoryData, PersonalRow, Session } from '@marquee/contract';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { bearer, signIn } from '../../../test/sign-in';

// Personal rows on the home page (docs/behaviour.md): 'Because you watched X' and the top 10 of the
// last 24 hours, per profile, within its age limit, kept between views and rebuilt after new progress.

let ctx: TestContext;
let categoryId: string;
const t: Record<string, { id: string; slug: string }> = {};
const s: Record<'ada' | 'bob' | 'cat' | 'kid' | 'dan', Session> = {} as never;

beforeAll(async () => {
  ctx = await createTestContext();
  const make = fixtures(ctx.db);
  const mystery = (name: string, ageLimit: number, rating = 4) => make.title({ name, genres: ['Mystery'], ageLimit, rating, isFree: true });
  t.harbour = await mystery('Night Harbour', 13, 5);
  t.lighthouse = await mystery('The Lighthouse Keeper', 13, 4);
  t.fog = await mystery('Fog Murders', 16, 3);
  t.tidePool = await mystery('Tide Pool', 7, 2);
  t.otters = await mystery('Sea Otters', 7, 1);
  t.rockPools = await mystery('Rock Pools', 7, 1);
  t.puffins = await make.title({ name: 'Puffin Parade', genres: ['Family'], ageLimit: 7, isFree: true });
  t.yesterday = await make.title({ name: 'Yesterday Only', genres: ['Family'], ageLimit: 7, isFree: true });
  categoryId = (await make.category({ name: 'Home' })).id;
  await make.row({ categoryId, name: 'Tonight', titleIds: [t.harbour!.id] });
  for (const name of ['ada', 'bob', 'cat', 'dan'] as const) s[name] = await signIn(ctx, { email: `${name}@example.com` });
  // Cat's household has a kids profile; the kid watches on a session of its own.
  s.kid = await signIn(ctx, { email: 'cat@example.com' });
  const kidId = (await ctx.app.inject({ method: 'POST', url: '/user/profiles', headers: bearer(s.kid), payload: { name: 'Kid', isKids: true } })).json()._id;
  expect((await ctx.app.inject({ method: 'POST', url: `/user/profiles/${kidId}/select`, headers: bearer(s.kid), payload: {} })).statusCode).toBe(200);
});
afterAll(async () => {
  vi.useRealTimers();
  await ctx.close();
});

const watch = async (who: keyof typeof s, title: keyof typeof t, position = 30) => {
  const res = await ctx.app.inject({ method: 'PUT', url: '/user/progress', headers: bearer(s[who]), payload: { titleId: t[title]!.id, position, duration: 100 } });
  expect(res.statusCode, res.body).toBe(200);
};
const home = async (who: keyof typeof s): Promise<CategoryData> => (await ctx.app.inject({ url: `/user/category-data/${categoryId}`, headers: bearer(s[who]) })).json();
const row = async (who: keyof typeof s, kind: PersonalRow['kind']) => (await home(who)).personalRows?.find((r) => r.kind === kind);
const names = (r: PersonalRow | undefined) => r?.content.map((c) => c.item.name);

describe('personal rows', () => {
  it('are absent for a visitor and for a profile with no history while the site has too little data', async () => {
    const anonymous: CategoryData = (await ctx.app.inject({ url: `/user/category-data/${categoryId}` })).json();
    expect(anonymous.personalRows).toBeUndefined();
    expect((await home('ada')).personalRows).toEqual([]);
    // One viewer and two titles are not a top 10.
    await watch('dan', 'harbour');
    await watch('dan', 'lighthouse');
    expect(await row('dan', 'top-10')).toBeUndefined();
  });

  it("suggest titles like the profile's last one, named in the heading, without those it watched", async () => {
    await watch('ada', 'harbour');
    const because = await row('ada', 'because-you-watched');
    expect(because?.name).toBe('Because you watched Night Harbour');
    expect(because?.basedOn).toMatchObject({ _id: t.harbour!.id, name: 'Night Harbour', slug: t.harbour!.slug });
    expect(names(because)).toEqual(['The Lighthouse Keeper', 'Fog Murders', 'Tide Pool', 'Rock Pools', 'Sea Otters']);

    // New progress shows on the next view (the kept row is rebuilt), and a watched title is no longer suggested.
    await watch('ada', 'lighthouse');
    const next = await row('ada', 'because-you-watched');
    expect(next?.name).toBe('Because you watched The Lighthouse Keeper');
    expect(names(next)).toEqual(['Fog Murders', 'Tide Pool', 'Rock Pools', 'Sea Otters']);
    // Each profile has its own.
    expect((await row('bob', 'because-you-watched'))).toBeUndefined();
  });

  it('rank the titles most watched across viewers in the last 24 hours, within the age limit', async () => {
    for (const who of ['ada', 'bob', 'cat'] as const) await watch(who, 'fog');
    for (const who of ['bob', 'kid'] as const) await watch(who, 'tidePool');
    for (const who of ['kid', 'bob'] as const) await watch(who, 'puffins');
    await watch('kid', 'otters');
    for (const who of ['ada', 'bob', 'cat', 'kid'] as const) await watch(who, 'yesterday');
    // Watched more than a day ago: out of the window, however many watched it.
    await ctx.db.execute(sql`update watch_progress set updated_at = now() - interval '25 hours' where title_id = ${t.yesterday!.id}`);

    // One list serves the whole site for five minutes: the empty one made earlier still holds.
    expect(await row('bob', 'top-10')).toBeUndefined();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60 * 1000 });

    const top = await row('bob', 'top-10');
    expect(top?.name).toBe('Top 10 on Marquee today');
    expect(top?.basedOn).toBeNull();
    // Fog 3 viewers; then 2 each, the most recently watched first; then Sea Otters' one.
    expect(names(top)).toEqual(['Fog Murders', 'Puffin Parade', 'Tide Pool', 'The Lighthouse Keeper', 'Night Harbour', 'Sea Otters']);
  });

  it('never show a kids profile a title above its limit, in either row', async () => {
    const rows = (await home('kid')).personalRows!;
    const because = rows.find((r) => r.kind === 'because-you-watched');
    expect(because?.name).toBe('Because you watched Sea Otters');
    // Not Fog Murders (16+), nor Tide Pool (watched), nor the 13+ titles.
    expect(names(because)).toEqual(['Rock Pools']);
    expect(names(rows.find((r) => r.kind === 'top-10'))).toEqual(['Puffin Parade', 'Tide Pool', 'Sea Otters']);
    for (const r of rows) expect(r.content.map((c) => c.item.name)).not.toContain('Fog Murders');
  });

  it('cost no query once kept, and one (the history) after new progress', async () => {
    const history = () => ctx.queries.filter((q) => /from "watch_progress" inner join/.test(q));
    await home('ada');
    ctx.queries.length = 0;
    await home('ada');
    const steady = ctx.queries.length;
    expect(history()).toEqual([]);
    // The session (which reads the subscription and rentals with it): what a signed-in home view costs without personal rows.
    expect(steady).toBe(1);

    await watch('ada', 'harbour', 60);
    ctx.queries.length = 0;
    await home('ada');
    expect(history()).toHaveLength(1);
    expect(ctx.queries).toHaveLength(steady + 1);
  });
});
