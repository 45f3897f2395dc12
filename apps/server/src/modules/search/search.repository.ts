import { sql } from 'drizzle-orm';
import { cardSelect, toCard, type CardRecord } from '../../db/card-projection';
import type { Executor } from '../../db/client';

export interface SearchQuery {
  /** Normalised term (lib/search-normalize.ts). */
  term: string;
  /** Results per kind. */
  limit: number;
  /** Only titles up to this age limit (a limited profile); null: all. */
  maxAge: number | null;
}

/** Below this length whole-name trigram similarity never reaches the threshold; skip its index scan. */
const SIMILARITY_MIN_LENGTH = 5;

/**
 * Ranked title search (decision 003). Candidates come from separate index-backed branches joined
 * with UNION, so each branch is planned on its own index; an OR of the three made PostgreSQL
 * scan the whole table at 100k titles (bench/search):
 * - the name contains the term (LIKE on the trigram GIN index),
 * - the name is trigram-similar to the term (`%`, typo tolerance; terms of 5+ characters),
 * - every word of the term prefixes a word of the name, cast or genres (tsvector GIN index).
 */
export async function searchTitles(db: Executor, query: SearchQuery): Promise<CardRecord[]> {
  const words = query.term.split(' ').filter(Boolean);
  const prefixQuery = words.map((w) => `${w}:*`).join(' & ');
  const escaped = query.term.replace(/[\\%_]/g, (c) => `\\${c}`);
  const similar =
    query.term.length >= SIMILARITY_MIN_LENGTH
      ? sql`union select id from titles where search_name % ${query.term}`
      : sql``;
  const result = await db.execute(sql`
    with candidates as (
      select id from titles where search_name like ${'%' + escaped + '%'}
      ${similar}
      union select id from titles where search_vector @@ to_tsquery('simple', ${prefixQuery})
    ),
    scored as (
      select t.*,
        greatest(
          case when t.search_name like ${escaped + '%'} then 1.0
               when t.search_name like ${'% ' + escaped + '%'} then 0.9
               else 0 end,
          similarity(t.search_name, ${query.term}),
          case when t.search_vector @@ to_tsquery('simple', ${prefixQuery}) then 0.45 else 0 end
        ) as score
      from titles t
      where t.id = any(array(select id from candidates)) and t.is_enable
        and (${query.maxAge}::int is null or t.age_limit <= ${query.maxAge}::int)
    )
    select ${cardSelect('ranked')}
    from (
      select scored.*, row_number() over (partition by kind, is_third_party order by score desc, name) as place from scored
    ) ranked
    where place <= ${query.limit}
    order by ranked.score desc, ranked.name
  `);
  return result.rows.map(toCard);
}
