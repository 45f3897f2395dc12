import type { Category } from '@marquee/contract';
import { useEffect } from 'react';
import { activeCategoryOf, useSession } from '@/lib/session-store';
import { useHomepage } from '../api/get-homepage';

export interface CategoriesState {
  categories: Category[];
  /** The stored choice if it is still listed, else the first category. */
  activeCategory: string | null;
  setActiveCategory: (id: string) => void;
  /** True until the first list arrives and nothing was remembered from a previous visit. */
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
}

/**
 * The category list, kept in the session store so the bar draws at once on the next visit;
 * the active category falls back to the first one whenever the list arrives.
 */
export function useCategories(): CategoriesState {
  const query = useHomepage();
  const stored = useSession((state) => state.homepage);
  const activeCategory = useSession((state) => state.activeCategory);
  const setActiveCategory = useSession((state) => state.setActiveCategory);
  const setHomepage = useSession((state) => state.setHomepage);

  useEffect(() => {
    if (query.data) setHomepage(query.data);
  }, [query.data, setHomepage]);

  const categories = query.data ?? stored;
  return {
    categories,
    // Until the effect above stores the default, answer with it already so nothing flickers.
    activeCategory: activeCategoryOf(categories, activeCategory),
    setActiveCategory,
    isPending: query.isPending && categories.length === 0,
    isError: query.isError && categories.length === 0,
    refetch: () => void query.refetch(),
  };
}
