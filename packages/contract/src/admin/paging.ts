import { z } from 'zod';

/** The one way the console pages a list: 1-based page numbers, at most 100 rows a page. */
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}

/** Optional boolean filters arrive as 'true' / 'false' in the query string. */
export const queryFlag = z.enum(['true', 'false']).transform((v) => v === 'true').optional();
