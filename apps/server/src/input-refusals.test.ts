import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { bearer, signIn } from '../test/sign-in';
import { ADMIN_EMAIL } from '../test/staff';

// Malformed input of every kind answers a 4xx problem+json that says what is wrong, never a 500.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_LIMIT_PER_IP: '1000', ADMIN_EMAILS: ADMIN_EMAIL });
});
afterAll(() => ctx.close());

const send = (options: InjectOptions) => ctx.app.inject(options);

function expectProblem(res: LightMyRequestResponse, status: number, detail?: RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = res.json();
  expect(body).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
  expect(body.message).toBe(body.detail);
  if (detail) expect(body.detail).toMatch(detail);
}

const truncatedForm = {
  headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
  payload: '--XyZ\r\nContent-Disposition: form-data; name="message"\r\n\r\nhello, this part never ends',
};
const boundarylessForm = { headers: { 'content-type': 'multipart/form-data' }, payload: 'firstName=a&lastName=b' };
const publicWrites = [
  ['POST', '/contact'],
  ['POST', '/user/login'],
  ['POST', '/user/signup'],
  ['POST', '/payments/paypal/webhook'],
] as const;

describe('malformed multipart bodies', () => {
  for (const [method, url] of publicWrites) {
    it(`${method} ${url}: a truncated form and a form without a boundary are 4xx`, async () => {
      for (const form of [truncatedForm, boundarylessForm]) {
        const res = await send({ method, url, ...form });
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expectProblem(res, res.statusCode);
        expect(res.statusCode).toBeLessThan(500);
      }
    });
  }

  it('an operation that takes form data says what was wrong with it (400)', async () => {
    expectProblem(await send({ method: 'POST', url: '/user/signup', ...truncatedForm }), 400, /form data could not be read/);
    expectProblem(await send({ method: 'POST', url: '/user/signup', ...boundarylessForm }), 400, /form data could not be read/);
    const session = await signIn(ctx, { email: 'avatar@example.com' });
    const upload = { method: 'PUT' as const, url: '/user/update-image', headers: { ...bearer(session), ...truncatedForm.headers } };
    expectProblem(await send({ ...upload, payload: truncatedForm.payload }), 400, /form data could not be read/);
  });

  it('an operation that takes JSON refuses form data (415)', async () => {
    expectProblem(await send({ method: 'POST', url: '/contact', ...truncatedForm }), 415, /JSON body, not form data/);
  });
});

describe('NUL characters', () => {
  it('in a path parameter: 400 naming the parameter', async () => {
    expectProblem(await send({ method: 'GET', url: '/movie-name/a%00b' }), 400, /params\.name: must not contain NUL/);
  });

  it('in a JSON string field: 400 naming the field, and nothing is stored', async () => {
    const count = async () => (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from contact_messages`)).rows[0]!.n;
    const before = await count();
    const payload = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', message: 'hello\u0000world' };
    expectProblem(await send({ method: 'POST', url: '/contact', payload }), 400, /body\.message: must not contain NUL/);
    expect(await count()).toBe(before);
  });

  it('in an object key: 400', async () => {
    const payload = JSON.stringify({ firstName: 'A', lastName: 'B', email: 'a@example.com', message: 'hi', 'x\u0000': 1 });
    expectProblem(await send({ method: 'POST', url: '/contact', payload, headers: { 'content-type': 'application/json' } }), 400, /NUL/);
  });
});

describe('unpaired surrogates', () => {
  it('in a JSON string that would reach a jsonb column (the audit log): 400, and nothing is created', async () => {
    const admin = bearer(await signIn(ctx, { email: ADMIN_EMAIL }));
    const payload = '{"title":"Lone","description":"half a pair: \\udc00","price":9.99,"validityDays":30}';
    const res = await send({ method: 'POST', url: '/admin/api/plans', headers: { ...admin, 'content-type': 'application/json' }, payload });
    expectProblem(res, 400, /body\.description: must not contain NUL characters or unpaired surrogates/);
    const plans = await send({ method: 'GET', url: '/admin/api/plans', headers: admin });
    expect(plans.json().map((p: { title: string }) => p.title)).not.toContain('Lone');
    // A whole pair (an emoji) is text like any other.
    const emoji = await send({ method: 'POST', url: '/admin/api/plans', headers: admin, payload: { title: 'Pair', description: 'a pair: 🎬', price: 9.99, validityDays: 30 } });
    expect(emoji.statusCode, emoji.body).toBe(200);
  });
});

describe('malformed addresses', () => {
  it('/search/%zz answers problem+json, not the framework default', async () => {
    expectProblem(await send({ method: 'GET', url: '/search/%zz' }), 400, /malformed %-encoding/);
  });
});

describe('bearer operations check the session before the body', () => {
  it('malformed JSON without a token is 401, not 400', async () => {
    const res = await send({ method: 'PUT', url: '/user/progress', headers: { 'content-type': 'application/json' }, payload: '{"broken' });
    expectProblem(res, 401, /Sign in/);
  });

  it('a truncated upload without a token is 401', async () => {
    expectProblem(await send({ method: 'PUT', url: '/user/update-image', ...truncatedForm }), 401);
  });

  it('an invalid body with a stale token is 401', async () => {
    const res = await send({ method: 'PUT', url: '/user/progress', headers: { authorization: `Bearer ${'x'.repeat(43)}` }, payload: { nonsense: true } });
    expectProblem(res, 401, /session has ended/);
  });
});
