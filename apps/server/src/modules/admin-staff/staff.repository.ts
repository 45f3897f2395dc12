import { asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

export type StaffRecord = typeof users.$inferSelect;

export function listStaffUsers(db: Executor) {
  return db.select().from(users).where(ne(users.role, 'viewer')).orderBy(asc(users.role), asc(users.email));
}

export async function findUserById(db: Executor, id: string): Promise<StaffRecord | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Locks the account's row for the rest of the transaction (two admins changing one role: one after the other). */
export async function lockUser(db: Executor, id: string): Promise<StaffRecord | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function updateRole(db: Executor, input: { id: string; role: StaffRecord['role'] }): Promise<StaffRecord> {
  const [row] = await db
    .update(users)
    .set({ role: input.role, roleSource: input.role === 'viewer' ? 'default' : 'console', updatedAt: sql`now()` })
    .where(eq(users.id, input.id))
    .returning();
  return row!;
}
