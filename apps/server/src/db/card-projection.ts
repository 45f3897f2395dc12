import { sql, type Column, type SQL } from 'drizzle-orm';
import { titles } from './schema';

/**
 * The columns a card shows (and its access badge needs): the one projection of a title that the
 * catalogue's rows, similar titles, search, the watchlist, Continue Watching and the partner pages
 * select. With the query builder: `select({ ...cardColumns, … })`.
 */
export const cardColumns = {
  id: titles.id,
  kind: titles.kind,
  slug: titles.slug,
  name: titles.name,
  isEnable: titles.isEnable,
  isFree: titles.isFree,
  verticalBanner: titles.verticalBanner,
  horizontalBanner: titles.horizontalBanner,
  releaseYear: titles.releaseYear,
  rating: titles.rating,
  isThirdParty: titles.isThirdParty,
  rentPriceCents: titles.rentPriceCents,
  /** Not shown: profiles with an age limit never get cards above it. */
  ageLimit: titles.ageLimit,
};

export type CardRecord = RowOf<typeof cardColumns>;

/** The record a set of columns reads into, as the query builder types it. */
export type RowOf<C extends Record<string, Column>> = {
  [K in keyof C]: C[K]['_']['notNull'] extends true ? C[K]['_']['data'] : C[K]['_']['data'] | null;
};

/**
 * The card projection in raw SQL, for queries the builder cannot express: the columns of a
 * relation `from` (a table alias or subquery holding titles' columns), each named as its
 * CardRecord field: `select ${cardSelect('t')} from titles t`. Read the rows with `toCard`.
 */
export function cardSelect(from: string): SQL {
  return sql.join(
    Object.entries(cardColumns).map(([field, column]) => sql`${sql.identifier(from)}.${sql.identifier(column.name)} as ${sql.identifier(field)}`),
    sql`, `,
  );
}

/**
 * The card projection as one JSON object per title, for lateral and `json_agg` queries:
 * `json_agg(${cardJson('t')})`. Read each object with `toCard`.
 */
export function cardJson(from: string): SQL {
  // The keys are this file's own field names, written as literals rather than parameters.
  const pairs = Object.entries(cardColumns).map(([field, column]) => sql`${sql.raw(`'${field}'`)}, ${sql.identifier(from)}.${sql.identifier(column.name)}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** A card from a raw row (`cardSelect`) or JSON object (`cardJson`), decoded by the columns themselves. */
export function toCard(row: Record<string, unknown>): CardRecord {
  return fromRow(cardColumns, row);
}

/**
 * A record from a raw row whose fields are named like `columns`' keys, each value decoded as the
 * query builder would (numeric to number, timestamps to Date).
 */
export function fromRow<C extends Record<string, Column>>(columns: C, row: Record<string, unknown>): RowOf<C> {
  const record: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns)) {
    const value = row[field];
    record[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return record as RowOf<C>;
}
