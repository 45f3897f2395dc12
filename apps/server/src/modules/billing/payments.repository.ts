import { and, asc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paymentEvents, payments, webhookEvents } from '../../db/schema';

export type PaymentRecord = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRecord['status'];

export async function insertPayment(db: Executor, input: typeof payments.$inferInsert): Promise<PaymentRecord> {
  const [row] = await db.insert(payments).values(input).returning();
  return row!;
}

export async function findPaymentByOrder(db: Executor, input: { provider: PaymentRecord['provider']; orderId: string }) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, input.provider), eq(payments.providerOrderId, input.orderId)))
    .limit(1);
  return row;
}

export async function findPaymentsByCapture(db: Executor, input: { provider: PaymentRecord['provider']; captureIds: string[] }) {
  if (input.captureIds.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, input.provider), inArray(payments.captureId, input.captureIds)));
}

/**
 * Moves a payment on only from one of the `from` states: the update takes the row lock and
 * re-checks the state, so of two racing requests exactly one moves it (null for the other).
 */
export async function movePayment(
  db: Executor,
  input: { id: string; from: PaymentStatus[]; to: PaymentStatus; captureId?: string | null },
): Promise<PaymentRecord | null> {
  const now = sql`now()`;
  const [row] = await db
    .update(payments)
    .set({
      status: input.to,
      updatedAt: now,
      ...(input.captureId ? { captureId: input.captureId } : {}),
      ...(input.to === 'granted' ? { grantedAt: now } : {}),
      ...(input.to === 'revoked' ? { revokedAt: now } : {}),
    })
    .where(and(eq(payments.id, input.id), inArray(payments.status, input.from)))
    .returning();
  return row ?? null;
}

/** The append-only payment log: rows are only ever inserted. */
export async function logPaymentEvent(db: Executor, input: { paymentId: string; type: string; detail?: Record<string, unknown> }) {
  await db.insert(paymentEvents).values({ paymentId: input.paymentId, type: input.type, detail: input.detail ?? {} });
}

export async function countPaymentEvents(db: Executor, input: { paymentId: string; type: string }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.paymentId, input.paymentId), eq(paymentEvents.type, input.type)));
  return row?.n ?? 0;
}

/** Records a webhook delivery; false when the event was already acted on (a redelivery). */
export async function claimWebhookEvent(db: Executor, input: { eventId: string; eventType: string }): Promise<boolean> {
  await db.insert(webhookEvents).values(input).onConflictDoNothing();
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.eventId, input.eventId)).limit(1);
  return row?.processedAt === null;
}

export async function markWebhookProcessed(db: Executor, eventId: string): Promise<void> {
  await db.update(webhookEvents).set({ processedAt: sql`now()` }).where(eq(webhookEvents.eventId, eventId));
}

/**
 * Payments a crash (or a viewer who went away) may have left between the provider and the grant,
 * untouched for `idleMs`, least recently touched first: every `captured` one, and `created` or
 * `pending` ones made within `lookbackMs` (older orders have expired at the provider). Ages are
 * measured on the database's clock, the one that stamped the rows: a cutoff from this process's
 * millisecond clock would miss a row stamped a few microseconds later in the same millisecond.
 */
export function unsettledPayments(
  db: Executor,
  input: { provider: PaymentRecord['provider']; idleMs: number; lookbackMs: number; limit: number },
): Promise<PaymentRecord[]> {
  const ago = (ms: number) => sql`now() - ${ms} * interval '1 millisecond'`;
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, input.provider),
        lt(payments.updatedAt, ago(input.idleMs)),
        or(
          eq(payments.status, 'captured'),
          and(inArray(payments.status, ['created', 'pending']), gt(payments.createdAt, ago(input.lookbackMs))),
        ),
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(input.limit);
}

export async function findPayment(db: Executor, id: string): Promise<PaymentRecord | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export function eventsOfPayment(db: Executor, paymentId: string) {
  return db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id));
}
