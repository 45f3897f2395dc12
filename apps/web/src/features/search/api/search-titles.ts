import type { RowItem, SearchResult } from '@marquee/contract';
import { SEARCH_TERM_MAX } from '@marquee/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchApi, viewerQueryKey, type Viewer } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

export { SEARCH_TERM_MAX };

export function searchTitles(input: { term: string; viewer: Viewer; signal?: AbortSignal }) {
  return fetchApi('search', { params: { term: input.term }, token: input.viewer?.token, signal: input.signal });
}

/**
 * Searches on every keystroke (behaviour.md §5, no debounce). Each term is its own query and only the
 * current term's data is returned (deliberately no `placeholderData`), so a slow answer for an
 * older term can never replace a newer one; the superseded request is aborted through the
 * signal TanStack Query hands over once nothing observes the old term.
 */
export function useSearch(term: string) {
  const trimmed = term.trim();
  const viewer = useCurrentSession();
  return useQuery({ ...searchQuery(trimmed, viewer), enabled: trimmed !== '', select: visibleResults });
}

/** The query (key and fetcher) of one trimmed term: the search page's loader prefetches it. */
export function searchQuery(term: string, viewer: Viewer) {
  return queryOptions({
    queryKey: viewerQueryKey('search', viewer, { term }),
    queryFn: ({ signal }) => searchTitles({ term, viewer, signal }),
    staleTime: 30_000,
  });
}

/** behaviour.md §5: search shows only enabled items. */
export function visibleResults(result: SearchResult): { movies: RowItem[]; series: RowItem[]; thirdParty: RowItem[] } {
  return {
    movies: result.movies.filter((item) => item.isEnable),
    series: result.series.filter((item) => item.isEnable),
    thirdParty: result.thirdParty.filter((item) => item.isEnable),
  };
}
