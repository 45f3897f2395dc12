import { SEARCH_TERM_MAX, type RowItem, type SearchResult } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { apiQueryKey, fetchApi } from '@/lib/api-client';

export { SEARCH_TERM_MAX };

export const searchQueryKey = (term: string) => apiQueryKey('search', { term });

export function searchTitles(term: string, signal?: AbortSignal) {
  return fetchApi('search', { params: { term }, signal });
}

/**
 * Searches on every keystroke (SPEC §5, no debounce). Each term is its own query and only the
 * current term's data is returned (deliberately no `placeholderData`), so a slow answer for an
 * older term can never replace a newer one; the superseded request is aborted through the
 * signal TanStack Query hands over once nothing observes the old term.
 */
export function useSearch(term: string) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: searchQueryKey(trimmed),
    queryFn: ({ signal }) => searchTitles(trimmed, signal),
    enabled: trimmed !== '',
    staleTime: 30_000,
    select: visibleResults,
  });
}

/** SPEC §5: search shows only enabled items. */
export function visibleResults(result: SearchResult): { movies: RowItem[]; series: RowItem[]; thirdParty: RowItem[] } {
  return {
    movies: result.movies.filter((item) => item.isEnable),
    series: result.series.filter((item) => item.isEnable),
    thirdParty: result.thirdParty.filter((item) => item.isEnable),
  };
}
