import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, subscriptionPlans } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { signIn } from '../../../test/sign-in';
import { asStaff, consoleEnv, staffSessions, type Sessions } from '../../../test/staff';
import { billingClient } from '../billing/billing.test-support';

let ctx: TestContext;
let s: Sessions;
let editor: ReturnType<typeof asStaff>;
beforeAll(async () => {
  ctx = await createTestContext(consoleEnv);
  s = await staffSessions(ctx);
  editor = asStaff(ctx, s.editor);
});
afterAll(() => ctx.close());

const onSale = async () => (await ctx.app.inject('/all-subscriptions')).json().map((p: { title: string; price: number }) => `${p.title} $${p.price}`);
const snapshot = async () => ({ plans: await ctx.db.select().from(subscriptionPlans), audit: (await ctx.db.select().from(auditEntries)).length });

describe('plans', () => {
  it('creates and reprices a plan; a purchase pays the new price; retiring keeps subscribers', async () => {
    const created = await editor.post('/admin/api/plans', { title: 'Monthly', description: 'Everything, monthly', price: 9.99, validityDays: 30 });
    expect(created.statusCode).toBe(200);
    expect(await onSale()).toEqual(['Monthly $9.99']);
    const plan = created.json();

    expect(plan.maxStreams).toBe(2);
    const repriced = await editor.put(`/admin/api/plans/${plan._id}`, { ...plan, price: 11.49, maxStreams: 4, updatedAt: plan.updatedAt });
    expect(repriced.statusCode).toBe(200);
    expect(repriced.json().maxStreams).toBe(4);
    expect(await onSale()).toEqual(['Monthly $11.49']);

    const pay = billingClient(ctx);
    const buyer = await signIn(ctx, { email: 'buyer@example.com' });
    const order = (await pay.order(buyer, { purpose: 'subscription', subscriptionId: plan._id })).json();
    expect(order.price).toBe(11.49);
    await pay.approve(buyer, order.orderId);
    expect((await pay.buy(buyer, { subscriptionId: plan._id, orderId: order.orderId })).statusCode).toBe(200);
    expect((await editor.get('/admin/api/plans')).json()[0].activeSubscribers).toBe(1);

    const current = repriced.json();
    const retired = await editor.put(`/admin/api/plans/${plan._id}`, { ...current, isEnable: false, updatedAt: current.updatedAt });
    expect(retired.statusCode).toBe(200);
    expect(await onSale()).toEqual([]);
    expect(await pay.status(buyer)).toMatchObject({ subscriptionValid: true, plan: 'Monthly' });
    expect((await pay.order(buyer, { purpose: 'subscription', subscriptionId: plan._id })).statusCode).toBeGreaterThanOrEqual(400);

    const audit = (await asStaff(ctx, s.admin).get(`/admin/api/audit?entityType=plan&entityId=${plan._id}`)).json();
    expect(audit.items.map((e: { action: string }) => e.action)).toEqual(['plan.retire', 'plan.update', 'plan.create']);
    expect(audit.items[1]).toMatchObject({ before: { price: 9.99, maxStreams: 2 }, after: { price: 11.49, maxStreams: 4 } });
  });

  it('refuses bad prices, a taken title and a stale copy, changing nothing', async () => {
    const plan = (await editor.post('/admin/api/plans', { title: 'Yearly', price: 89.99, validityDays: 365 })).json();
    await editor.put(`/admin/api/plans/${plan._id}`, { ...plan, description: 'Best value', updatedAt: plan.updatedAt });
    const before = await snapshot();
    const attempts = [
      [editor.post('/admin/api/plans', { title: 'Cheap', price: 0, validityDays: 30 }), 400, 'body.price'],
      [editor.post('/admin/api/plans', { title: 'Odd', price: 1.005, validityDays: 30 }), 400, 'body.price'],
      [editor.post('/admin/api/plans', { title: 'Forever', price: 5, validityDays: 0 }), 400, 'body.validityDays'],
      [editor.post('/admin/api/plans', { title: 'Nobody', price: 5, validityDays: 30, maxStreams: 0 }), 400, 'body.maxStreams'],
      [editor.post('/admin/api/plans', { title: 'Stadium', price: 5, validityDays: 30, maxStreams: 11 }), 400, 'body.maxStreams'],
      [editor.put(`/admin/api/plans/${plan._id}`, { ...plan, maxStreams: 1.5, updatedAt: plan.updatedAt }), 400, 'body.maxStreams'],
      [editor.post('/admin/api/plans', { title: 'Yearly', price: 5, validityDays: 30 }), 409, 'body.title'],
      [editor.put(`/admin/api/plans/${plan._id}`, { ...plan, price: 1, updatedAt: plan.updatedAt }), 409, undefined],
    ] as const;
    for (const [attempt, status, path] of attempts) {
      const res = await attempt;
      expect(res.statusCode).toBe(status);
      if (path) expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect(await snapshot()).toEqual(before);
    expect((await asStaff(ctx, s.support).post('/admin/api/plans', { title: 'Support', price: 5, validityDays: 30 })).statusCode).toBe(403);
  });
});

describe('site settings', () => {
  it('changes the subscriber badge and the support address every page reads', async () => {
    expect((await editor.get('/admin/api/settings')).json()).toEqual({ subscriberCount: 35864, supportEmail: 'support@marquee.example' });
    const res = await editor.put('/admin/api/settings', { subscriberCount: 40210, supportEmail: 'help@marquee.example' });
    expect(res.statusCode).toBe(200);
    expect((await ctx.app.inject('/settings/display')).json()).toEqual({ subscriberCount: 40210, supportEmail: 'help@marquee.example', testMode: null });
    const bad = await editor.put('/admin/api/settings', { subscriberCount: -1, supportEmail: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path).sort()).toEqual(['body.subscriberCount', 'body.supportEmail']);
    expect((await ctx.app.inject('/settings/display')).json().subscriberCount).toBe(40210);
  });
});
