import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /all-subscriptions', () => {
  it('lists enabled plans with USD prices and validity in days', async () => {
    const make = fixtures(ctx.db);
    await make.plan({ title: 'Yearly', priceCents: 8999, validityDays: 365, position: 3 });
    await make.plan({ title: 'Monthly', priceCents: 999, validityDays: 30, position: 1 });
    await make.plan({ title: 'Legacy', priceCents: 499, validityDays: 30, position: 2, isEnable: false });
    const res = await ctx.app.inject({ method: 'GET', url: '/all-subscriptions' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ title: 'Monthly', price: 9.99, validity: 30 }),
      expect.objectContaining({ title: 'Yearly', price: 89.99, validity: 365 }),
    ]);
  });
});
