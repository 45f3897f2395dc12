import { api, type SearchResult } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { toRowItems } from '../catalog/titles.service';
import { searchTitles } from './search.repository';
import { normalizeForSearch } from '../../lib/search-normalize';

const RESULTS_PER_KIND = 20;

export async function search(db: Executor, input: { term: string; viewerId: string | null; maxAge: number | null }): Promise<SearchResult> {
  const term = normalizeForSearch(input.term);
  if (!term) return { movies: [], series: [], thirdParty: [] };
  const cards = await searchTitles(db, { term, limit: RESULTS_PER_KIND, maxAge: input.maxAge });
  const thirdParty = new Set(cards.filter((c) => c.isThirdParty).map((c) => c.id));
  const items = await toRowItems(db, { cards, viewerId: input.viewerId });
  const main = items.filter((i) => !thirdParty.has(i._id));
  return {
    movies: main.filter((i) => i.kind === 'movie'),
    series: main.filter((i) => i.kind === 'series'),
    thirdParty: items.filter((i) => thirdParty.has(i._id)),
  };
}

/** Results as a visitor gets them from `GET /search/:term`, checked against the contract as the route's answer is. */
export async function anonymousSearch(db: Executor, term: string): Promise<SearchResult> {
  return api.search.response.parse(await search(db, { term, viewerId: null, maxAge: null }));
}
