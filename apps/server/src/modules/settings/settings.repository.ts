import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { siteSettings } from '../../db/schema';

export async function readSettings(db: Executor, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings).where(inArray(siteSettings.key, keys));
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function writeSettings(db: Executor, values: Record<string, unknown>): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value }));
  if (rows.length === 0) return;
  await db
    .insert(siteSettings)
    .values(rows)
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
}
