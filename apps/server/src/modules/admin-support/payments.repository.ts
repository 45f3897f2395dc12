import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payments, subscriptionPlans, titles, users } from '../../db/schema';

export type PaymentStatusName = (typeof payments.$inferSelect)['status'];
export type ProviderName = (typeof payments.$inferSelect)['provider'];

export interface PaymentFilter {
  userId?: string | undefined;
  status?: PaymentStatusName | undefined;
  provider?: ProviderName | undefined;
  /** Created at or after. */
  from?: Date | undefined;
  /** Created before. */
  to?: Date | undefined;
  limit: number;
  offset: number;
}

const summaryColumns = {
  id: payments.id,
  provider: payments.provider,
  providerOrderId: payments.providerOrderId,
  purpose: payments.purpose,
  item: sql<string>`coalesce(${subscriptionPlans.title}, ${titles.name}, '')`,
  amountCents: payments.amountCents,
  currency: payments.currency,
  status: payments.status,
  createdAt: payments.createdAt,
  userId: users.id,
  userEmail: users.email,
  userName: users.name,
};

function summaries(db: Executor) {
  return db
    .select(summaryColumns)
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, payments.planId))
    .leftJoin(titles, eq(titles.id, payments.titleId));
}

/** Payments matching the filter, newest first, with the total for paging. */
export async function listPayments(db: Executor, filter: PaymentFilter) {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(payments.userId, filter.userId));
  if (filter.status) conditions.push(eq(payments.status, filter.status));
  if (filter.provider) conditions.push(eq(payments.provider, filter.provider));
  if (filter.from) conditions.push(gte(payments.createdAt, filter.from));
  if (filter.to) conditions.push(lt(payments.createdAt, filter.to));
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    summaries(db).where(where).orderBy(desc(payments.createdAt), desc(payments.id)).limit(filter.limit).offset(filter.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(payments).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export type PaymentRow = Awaited<ReturnType<typeof listPayments>>['rows'][number];

export async function paymentSummaryById(db: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await summaries(db).where(eq(payments.id, id));
  return row;
}

export async function planExists(db: Executor, id: string): Promise<{ title: string } | undefined> {
  const [row] = await db.select({ title: subscriptionPlans.title }).from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  return row;
}

export async function titleExists(db: Executor, id: string): Promise<{ name: string } | undefined> {
  const [row] = await db.select({ name: titles.name }).from(titles).where(eq(titles.id, id));
  return row;
}
