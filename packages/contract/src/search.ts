import { z } from 'zod';
import { rowItem } from './catalog';
import { SEARCH_TERM_MAX } from './search-term';

export { SEARCH_TERM_MAX } from './search-term';

export const searchParams = z.object({
  term: z.string().trim().min(1, 'search term is empty').max(SEARCH_TERM_MAX, `search term is longer than ${SEARCH_TERM_MAX} characters`),
});

export const searchResult = z.object({
  movies: z.array(rowItem),
  series: z.array(rowItem),
  /** Partner titles, shown under their own row; they open /third-party/{slug}. */
  thirdParty: z.array(rowItem),
});
export type SearchResult = z.infer<typeof searchResult>;
