import type { Category, CategoryData } from '@marquee/contract';
import type { QueryClient } from '@tanstack/react-query';
import { categoryDataQuery } from '@/features/catalog/api/get-category-data';
import { homepageQueryKey } from '@/features/catalog/api/get-homepage';

/** The element the server writes into the HTML of `/` (apps/server/src/modules/web/first-view.ts). */
export const FIRST_VIEW_ELEMENT_ID = 'first-view';

interface FirstView {
  homepage: Category[];
  category: { id: string; data: CategoryData } | null;
}

/**
 * Puts the answers the HTML of `/` carries (the category list and the first category, as a
 * visitor gets them) into the cache under their calls' keys, so the home page draws them without
 * asking again. A signed-in viewer's category is their own (access badges) and is still asked for.
 * The block is read once and removed: a later visit to home goes through the calls as usual.
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
  if (view.category) client.setQueryData(categoryDataQuery(view.category.id, null).queryKey, view.category.data);
}
