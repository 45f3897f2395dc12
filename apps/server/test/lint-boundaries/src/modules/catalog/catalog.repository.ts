import { sql } from 'drizzle-orm';

// Allowed: a repository builds queries.
export const cardColumns = sql`id, name`;
