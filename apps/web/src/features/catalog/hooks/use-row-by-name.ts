import { useCategoryData } from '../api/get-category-data';
import type { RowState } from '../components/content-row';
import { useCategories } from './use-categories';

/** Finds a row by name in the active category's (usually cached) data, for a 'View All' opened directly. */
export function useRowByName(name: string, enabled: boolean): { row: RowState | null; isPending: boolean } {
  const { activeCategory, isPending: categoriesPending } = useCategories();
  const query = useCategoryData(enabled ? activeCategory : null);
  const row = query.data?.subcategories.find((candidate) => candidate.name === name) ?? null;
  const pending = categoriesPending || (activeCategory !== null && query.isPending);
  return { row, isPending: enabled && pending };
}
