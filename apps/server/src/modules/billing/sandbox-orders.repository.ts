import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sandboxOrders } from '../../db/schema';

export type SandboxOrder = typeof sandboxOrders.$inferSelect;

/** Ids shaped like PayPal's (upper-case letters and digits), so clients treat both alike. */
export const newSandboxId = (prefix: string) => `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`;

export async function insertSandboxOrder(db: Executor, input: { amountCents: number; currency: string }): Promise<SandboxOrder> {
  const [row] = await db.insert(sandboxOrders).values({ id: newSandboxId('SBX'), ...input }).returning();
  return row!;
}

export async function findSandboxOrder(db: Executor, id: string): Promise<SandboxOrder | undefined> {
  const [row] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.id, id)).limit(1);
  return row;
}

export async function findSandboxOrderByCapture(db: Executor, captureId: string): Promise<SandboxOrder | undefined> {
  const [row] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.captureId, captureId)).limit(1);
  return row;
}

/** Moves an order from one state to the next; false when it was no longer in `from` (a racing request won). */
export async function moveSandboxOrder(
  db: Executor,
  input: { id: string; from: string[]; to: string; declined?: boolean; captureId?: string },
): Promise<boolean> {
  const moved = await db
    .update(sandboxOrders)
    .set({
      status: input.to,
      ...(input.declined !== undefined ? { declined: input.declined } : {}),
      ...(input.captureId ? { captureId: input.captureId } : {}),
    })
    .where(and(eq(sandboxOrders.id, input.id), inArray(sandboxOrders.status, input.from)))
    .returning({ id: sandboxOrders.id });
  return moved.length > 0;
}
