import { and, desc, eq, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications, notificationSends, subscriptions, users } from '../../db/schema';

export type SendRecord = typeof notificationSends.$inferSelect;
export type Audience = SendRecord['audience'];

/**
 * Records a send under its idempotency key; undefined when the key was used already. Two requests
 * with one key: the second waits on the unique index until the first commits, then does nothing.
 */
export async function claimSend(db: Executor, values: typeof notificationSends.$inferInsert): Promise<SendRecord | undefined> {
  const [row] = await db.insert(notificationSends).values(values).onConflictDoNothing({ target: notificationSends.idempotencyKey }).returning();
  return row;
}

export async function findSendByKey(db: Executor, idempotencyKey: string): Promise<SendRecord | undefined> {
  const [row] = await db.select().from(notificationSends).where(eq(notificationSends.idempotencyKey, idempotencyKey));
  return row;
}

export async function listSends(db: Executor, input: { limit: number; offset: number }): Promise<{ rows: SendRecord[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db.select().from(notificationSends).orderBy(desc(notificationSends.createdAt), desc(notificationSends.id)).limit(input.limit).offset(input.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(notificationSends),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Accounts with the email, whatever its case (one person may have signed in with two providers). */
export async function countAccountsWithEmail(db: Executor, email: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(withEmail(email));
  return row?.n ?? 0;
}

/** How many accounts each broad audience reaches now. */
export async function countReach(db: Executor): Promise<{ subscribers: number; everyone: number }> {
  const [row] = await db
    .select({
      everyone: sql<number>`count(*)::int`,
      subscribers: sql<number>`count(*) filter (where exists (select 1 from ${subscriptions} where ${and(eq(subscriptions.userId, users.id), currentSubscription())}))::int`,
    })
    .from(users);
  return { subscribers: row?.subscribers ?? 0, everyone: row?.everyone ?? 0 };
}

/**
 * Makes the send's notifications, one per account of its audience, in one INSERT ... SELECT (a
 * send to everyone is one statement however many accounts there are), and stores how many.
 */
export async function deliverSend(db: Executor, send: SendRecord): Promise<number> {
  const result = await db.execute<{ accounts: number }>(sql`
    with delivered as (
      insert into ${notifications} (user_id, title, description, send_id)
      select ${users.id}, ${send.title}, ${send.message}, ${send.id}::uuid from ${users} where ${audienceFilter(send)}
      returning 1
    )
    update ${notificationSends} set accounts = (select count(*)::int from delivered)
    where ${notificationSends.id} = ${send.id}
    returning accounts`);
  return Number(result.rows[0]?.accounts ?? 0);
}

function audienceFilter(send: SendRecord): SQL {
  switch (send.audience) {
    case 'viewer':
      return withEmail(send.email ?? '');
    case 'subscribers':
      return sql`exists (select 1 from ${subscriptions} where ${and(eq(subscriptions.userId, users.id), currentSubscription())})`;
    case 'everyone':
      return sql`true`;
  }
}

/** A period running now: started, not ended, not revoked. */
function currentSubscription(): SQL {
  return and(isNull(subscriptions.revokedAt), lte(subscriptions.startsAt, sql`now()`), gt(subscriptions.endsAt, sql`now()`))!;
}

function withEmail(email: string): SQL {
  return sql`lower(${users.email}) = lower(${email})`;
}
