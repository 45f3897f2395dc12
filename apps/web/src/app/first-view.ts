import type { ApiResponse, Category, CategoryData } from '@marquee/contract';
import type { QueryClient } from '@tanstack/react-query';
import { categoryDataQuery } from '@/features/catalog/api/get-category-data';
import { homepageQueryKey } from '@/features/catalog/api/get-homepage';
import { displaySettingsQueryKey } from '@/features/settings/api/get-display-settings';

/** The element the server writes into the HTML of every page (apps/server/src/modules/web/first-view.ts). */
export const FIRST_VIEW_ELEMENT_ID = 'first-view';

interface FirstView {
  homepage: Category[];
  /** Absent from pages built before the header's answers were carried. */
  display?: ApiResponse<'displaySettings'>;
  /** `/` only. */
  category: { id: string; data: CategoryData } | null;
}

/**
 * Puts the answers the HTML carries (on every page the category list and the display settings,
 * which the header draws; on `/` the first category too, as a visitor gets them) into the cache
 * under their calls' keys, so the page draws them without asking again and the header never grows
 * under the page. A signed-in viewer's category is their own (access badges) and is still asked
 * for. The block is read once and removed: later pages go through the calls as usual.
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
}
