import { api, type Endpoint, type Session } from '@marquee/contract';
import { adminApi } from '@marquee/contract/admin';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { fixtures } from '../test/fixtures';
import { consoleEnv, staffSessions, type Sessions } from '../test/staff';
import { hostileBody, oddHeaders, requestArbitrary, type FuzzRequest } from '../test/fuzz/requests';

/**
 * The standing fuzz suite: every operation of the public and console contracts, driven with
 * requests generated from its own zod schemas (values that lean valid, and hostile ones), with
 * bodies and headers no schema describes, as every kind of caller. Nothing may answer 5xx.
 * Deterministic: FUZZ_SEED (printed in each test's name and in any failure) replays a run;
 * FUZZ_RUNS sets the requests per operation and kind.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

let ctx: TestContext;
let sessions: Sessions;
let known: { ids: string[]; slugs: string[] };
beforeAll(async () => {
  ctx = await createTestContext({ ...consoleEnv, LOGIN_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_ACCOUNT: '100000' });
  sessions = await staffSessions(ctx, '-fuzz');
  known = await seedCatalogue(ctx);
});

/** A small catalogue, so that generated ids and slugs sometimes name rows that exist. */
async function seedCatalogue(context: TestContext): Promise<{ ids: string[]; slugs: string[] }> {
  const make = fixtures(context.db);
  const category = await make.category({ name: 'Fuzz' });
  const movie = await make.title({ name: 'Fuzz Movie', genres: ['Drama'], cast: [{ name: 'Ada Actor', role: 'Lead' }], rentPriceCents: 399 });
  const free = await make.title({ name: 'Fuzz Free', isFree: true });
  const series = await make.title({ kind: 'series', name: 'Fuzz Series', genres: ['Drama'] });
  const episode = await make.episode({ seriesId: series.id, number: 1 });
  const row = await make.row({ categoryId: category.id, titleIds: [movie.id, series.id] });
  const banner = await make.banner({ categoryId: category.id, titleId: movie.id });
  const plan = await make.plan({ title: 'Fuzz Plan', priceCents: 999, validityDays: 30 });
  const users = Object.values(sessions).map((s) => s.user._id);
  return {
    ids: [category.id, movie.id, free.id, series.id, episode.id, row.id, banner.id, plan.id, ...users],
    slugs: [movie.slug, free.slug, series.slug],
  };
}
afterAll(() => ctx.close());

type Caller = 'anonymous' | 'stale' | 'malformed' | keyof Sessions;
const callers: Caller[] = ['anonymous', 'stale', 'malformed', 'viewer', 'admin', 'editor', 'support'];

function authorization(caller: Caller): Record<string, string> {
  if (caller === 'anonymous') return {};
  if (caller === 'stale') return { authorization: `Bearer ${'s'.repeat(43)}` };
  if (caller === 'malformed') return { authorization: 'Bearer' };
  const session: Session = sessions[caller];
  return { authorization: `bearer ${session.token}` };
}

async function expectNo5xx(request: FuzzRequest, caller: Caller): Promise<void> {
  const res = await ctx.app.inject({ method: request.method, url: request.url, headers: request.headers, payload: request.payload });
  if (res.statusCode >= 500) {
    const body = typeof request.payload === 'string' ? request.payload.slice(0, 300) : request.payload?.subarray(0, 300).toString('hex');
    throw new Error(`${request.method} ${request.url} as ${caller} → ${res.statusCode} ${res.body.slice(0, 300)}\nheaders ${JSON.stringify(request.headers)}\nbody ${body}`);
  }
}

// Sign-out last: it ends the viewer's session that the other operations use.
const operations = [...Object.entries(api), ...Object.entries(adminApi)]
  .map(([name, endpoint]) => ({ name, endpoint: endpoint as Endpoint }))
  .sort((a, b) => Number(a.name === 'logout') - Number(b.name === 'logout'));

const settings = (offset: number) => ({ seed: SEED + offset, numRuns: RUNS, endOnFailure: true });

describe(`contract fuzz (seed ${SEED}, ${RUNS} runs per operation and kind)`, () => {
  operations.forEach(({ name, endpoint }, index) => {
    it(`${name}: ${endpoint.method} ${endpoint.path} answers no 5xx`, async () => {
      const caller = fc.constantFrom(...callers);
      // Values from the schemas, leaning valid, with the caller's odd headers.
      await fc.assert(
        fc.asyncProperty(requestArbitrary(endpoint, false, known), caller, oddHeaders, async (request, who, headers) => {
          await expectNo5xx({ ...request, headers: { ...headers, ...request.headers, ...authorization(who) } }, who);
        }),
        settings(index * 3),
      );
      // Hostile values inside the schemas' shapes, and odd path segments.
      await fc.assert(
        fc.asyncProperty(requestArbitrary(endpoint, true, known), caller, async (request, who) => {
          await expectNo5xx({ ...request, headers: { ...request.headers, ...authorization(who) } }, who);
        }),
        settings(index * 3 + 1),
      );
      // Bodies no schema describes.
      await fc.assert(
        fc.asyncProperty(requestArbitrary(endpoint, false, known), caller, hostileBody, async (request, who, body) => {
          await expectNo5xx({ method: request.method, url: request.url, headers: { ...body.headers, ...authorization(who) }, payload: body.payload }, who);
        }),
        settings(index * 3 + 2),
      );
    });
  });
});
