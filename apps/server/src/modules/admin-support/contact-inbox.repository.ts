import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/contains-pattern';
import { contactMessages } from '../../db/schema';

export type ContactRecord = typeof contactMessages.$inferSelect;
export type ContactStatus = ContactRecord['status'];

export async function listMessages(
  db: Executor,
  input: { status: ContactStatus | undefined; email: string | undefined; limit: number; offset: number },
): Promise<{ rows: ContactRecord[]; total: number }> {
  const where: SQL | undefined = and(
    input.status ? eq(contactMessages.status, input.status) : undefined,
    input.email ? ilike(contactMessages.email, containsPattern(input.email)) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db.select().from(contactMessages).where(where).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(input.limit).offset(input.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(contactMessages).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The message, locked for the rest of the transaction when asked (two agents: one after the other). */
export async function findMessage(db: Executor, id: string, options: { lock?: boolean } = {}): Promise<ContactRecord | undefined> {
  const query = db.select().from(contactMessages).where(eq(contactMessages.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Marks a new message read; undefined when it was not new (someone opened it first). */
export async function markRead(db: Executor, id: string): Promise<ContactRecord | undefined> {
  const [row] = await db
    .update(contactMessages)
    .set({ status: 'read', readAt: sql`now()` })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.status, 'new')))
    .returning();
  return row;
}

export async function markAnswered(db: Executor, input: { id: string; note: string; by: { id: string; email: string; name: string } }): Promise<ContactRecord> {
  const [row] = await db
    .update(contactMessages)
    .set({
      status: 'answered',
      readAt: sql`coalesce(${contactMessages.readAt}, now())`,
      answeredAt: sql`now()`,
      answeredById: input.by.id,
      answeredByEmail: input.by.email,
      answeredByName: input.by.name,
      answerNote: input.note,
    })
    .where(eq(contactMessages.id, input.id))
    .returning();
  return row!;
}
