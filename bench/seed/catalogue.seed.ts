import { fixtures } from '@marquee/server/test/fixtures';
import type { DatabaseHandle } from '@marquee/server/src/db/client';
import { searchColumns } from '@marquee/server/src/lib/search-normalize';
import { adjectives, firstNames, genreNames, nouns, surnames } from './word-lists';
import { insertGeneratedPeople, insertGeneratedTitles } from './generated-titles.sql';

/** Titles the search queries aim at, among the generated crowd. */
const KNOWN_TITLES = [
  { kind: 'series', name: 'Stranger Things', genres: ['Science Fiction', 'Drama'], cast: ['Mara Holt', 'Jude Calloway'] },
  { kind: 'series', name: 'Stranger Tides', genres: ['Adventure'], cast: [] },
  { kind: 'movie', name: 'The Strange Case', genres: ['Mystery'], cast: [] },
  { kind: 'movie', name: 'Harbour Lights', genres: ['Drama'], cast: ['Mara Holt'] },
  { kind: 'movie', name: 'Quiet Harbour', genres: ['Drama'], cast: [] },
  { kind: 'movie', name: 'Café Lumière', genres: ['Romance'], cast: [] },
] as const;

export interface CatalogueOptions {
  handle: DatabaseHandle;
  /** Total titles wanted, known ones included. */
  titles: number;
}

/** A fresh catalogue: the known titles, the people and genres, then generated titles up to the total. */
export async function seedCatalogue({ handle, titles }: CatalogueOptions): Promise<void> {
  const make = fixtures(handle.db);
  for (const t of KNOWN_TITLES) {
    const slug = t.name.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]+/g, '-');
    await make.title({ ...t, slug, genres: [...t.genres], cast: t.cast.map((name) => ({ name, role: 'Lead' })) });
  }
  await handle.pool.query(
    `insert into genres (name) select unnest($1::text[]) on conflict (name) do nothing`,
    [genreNames],
  );
  await handle.pool.query(insertGeneratedPeople, [firstNames, surnames]);
  await growCatalogue({ handle, titles });
}

/** Adds generated titles until the catalogue holds `titles`, then refreshes the planner's statistics. */
export async function growCatalogue({ handle, titles }: CatalogueOptions): Promise<void> {
  const current = await countTitles(handle);
  if (titles > current) {
    const first = current - KNOWN_TITLES.length + 1;
    const last = titles - KNOWN_TITLES.length;
    const { rows } = await handle.pool.query<{ titles: number; genres: number; cast: number }>(insertGeneratedTitles, [
      adjectives, nouns, firstNames, surnames, first, last,
    ]);
    const made = rows[0]!;
    if (made.genres !== 2 * made.titles || made.cast !== 3 * made.titles) {
      throw new Error(`Generated titles should have 2 genres and 3 cast each: ${JSON.stringify(made)}`);
    }
  }
  // A production database has been analysed by autovacuum long since; a just-filled one has not.
  await handle.pool.query('analyze titles, title_genres, title_cast, people, genres');
  await checkSearchColumns(handle);
}

export async function countTitles(handle: DatabaseHandle): Promise<number> {
  const { rows } = await handle.pool.query<{ n: number }>('select count(*)::int as n from titles');
  return rows[0]!.n;
}

/** The SQL builds search columns itself; fail loudly if they ever drift from searchColumns(). */
async function checkSearchColumns(handle: DatabaseHandle): Promise<void> {
  const { rows } = await handle.pool.query<{ name: string; searchName: string; searchText: string; cast: string[]; genres: string[] }>(`
    select t.name, t.search_name as "searchName", t.search_text as "searchText",
      array(select p.name from title_cast c join people p on p.id = c.person_id where c.title_id = t.id order by c.position) as cast,
      array(select g.name from title_genres tg join genres g on g.id = tg.genre_id where tg.title_id = t.id) as genres
    from titles t where t.slug ~ '-g[0-9]+$' order by random() limit 200`);
  for (const row of rows) {
    const expected = searchColumns({ name: row.name, cast: row.cast, genres: [...row.genres].sort() });
    if (expected.searchName !== row.searchName || expected.searchText !== row.searchText) {
      throw new Error(`Generated search columns differ from searchColumns() for '${row.name}': ` +
        `${JSON.stringify({ db: row.searchText, expected: expected.searchText })}`);
    }
  }
}
