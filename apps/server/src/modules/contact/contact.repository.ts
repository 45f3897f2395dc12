import type { Executor } from '../../db/client';
import { contactMessages } from '../../db/schema';

export async function insertContactMessage(db: Executor, message: typeof contactMessages.$inferInsert): Promise<void> {
  await db.insert(contactMessages).values(message);
}
