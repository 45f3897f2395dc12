import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const valid = {
  firstName: 'Ada',
  lastName: 'Quill',
  email: 'ada@example.com',
  phoneNumber: '+44 20 7946 0000',
  message: 'My download stops at 90%.',
};
const post = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/contact', payload: payload as object });
const stored = () => ctx.db.select().from(contactMessages);

describe('POST /contact', () => {
  it('stores a valid message and thanks the sender', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/within 24 hours/);
    expect(await stored()).toEqual([expect.objectContaining({ email: 'ada@example.com', message: valid.message })]);
  });

  it('rejects missing and invalid fields with a message per field, storing nothing', async () => {
    const before = (await stored()).length;
    const res = await post({ ...valid, email: 'not-an-email', message: '   ', firstName: undefined });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['body.email', 'body.firstName', 'body.message']);
    expect(body.message).toContain('Enter a valid email address');
    expect((await stored()).length).toBe(before);
  });

  it('rejects an over-long message and letters in the phone number', async () => {
    expect((await post({ ...valid, message: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect((await post({ ...valid, phoneNumber: 'call me' })).statusCode).toBe(400);
  });

  it('answers malformed JSON, a wrong content type and an oversize body with 4xx problems', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName": "Ada",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400, title: 'Bad Request' });

    const text = await ctx.app.inject({ method: 'POST', url: '/contact', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(415);

    const huge = await post({ ...valid, message: 'x'.repeat(100_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBeTruthy();
  });
});
