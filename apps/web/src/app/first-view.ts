import type { ApiResponse, Category, CategoryData, Movie, RowItem, SearchResult } from '@marquee/contract';
import type { QueryClient } from '@tanstack/react-query';
import { categoryDataQuery } from '@/features/catalog/api/get-category-data';
import { homepageQueryKey } from '@/features/catalog/api/get-homepage';
import { movieQuery } from '@/features/catalog/api/get-movie';
import { similarMoviesQuery } from '@/features/catalog/api/get-similar-movies';
import { searchQuery } from '@/features/search/api/search-titles';
import { displaySettingsQueryKey } from '@/features/settings/api/get-display-settings';

/** The element the server writes into the HTML of every page (apps/server/src/modules/web/first-view.ts). */
export const FIRST_VIEW_ELEMENT_ID = 'first-view';

interface FirstView {
  homepage: Category[];
  /** Absent from pages built before the header's answers were carried. */
  display?: ApiResponse<'displaySettings'>;
  /** `/` only. */
  category: { id: string; data: CategoryData } | null;
  /** A movie page: the title under its slug, its similar titles under the title's id (absent from older pages). */
  movie?: { slug: string; data: Movie } | null;
  similar?: { id: string; data: RowItem[] } | null;
  /** The search page: the results of its trimmed `q`. */
  search?: { term: string; data: SearchResult } | null;
}

/**
 * Puts the answers the HTML carries (on every page the category list and the display settings,
 * which the header draws; on `/` the first category, on a movie page the title and its similar
 * titles, on the search page its results, as a visitor gets them) into the cache under their
 * calls' keys, so the page draws them without asking again and the header never grows under the
 * page. These are a visitor's answers, kept under a visitor's keys: a signed-in viewer's category,
 * title and results are their own (access badges, links, resume point) and are still asked for.
 * The block is read once and removed: later pages go through the calls as usual.
 */
export function seedFirstView(client: QueryClient, root: Document = document): void {
  const element = root.getElementById(FIRST_VIEW_ELEMENT_ID);
  if (!element) return;
  element.remove();
  let view: FirstView;
  try {
    view = JSON.parse(element.textContent ?? '') as FirstView;
  } catch {
    return;
  }
  client.setQueryData(homepageQueryKey(), view.homepage);
  if (view.display) client.setQueryData(displaySettingsQueryKey(), view.display);
  if (view.category) client.setQueryData(categoryDataQuery(view.category.id, null).queryKey, view.category.data);
  if (view.movie) client.setQueryData(movieQuery(view.movie.slug, null).queryKey, view.movie.data);
  if (view.similar) client.setQueryData(similarMoviesQuery(view.similar.id, null).queryKey, view.similar.data);
  if (view.search) client.setQueryData(searchQuery(view.search.term, null).queryKey, view.search.data);
}
