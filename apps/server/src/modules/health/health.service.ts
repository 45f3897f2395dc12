import type { Executor } from '../../db/client';
import { ping } from './health.repository';

/** Ready when the database answers; throws its error otherwise. */
export async function checkReadiness(db: Executor): Promise<void> {
  await ping(db);
}
