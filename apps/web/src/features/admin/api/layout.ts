import type { BannerInput, CategoryInput, CategoryLayout, Reorder, RowInput } from '@marquee/contract/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQuery, adminQueryKey, useAdminMutation } from './admin-api-client';

/**
 * The home page's layout: categories, and each category's rows and banners. Every change answers
 * with the category's new layout, which replaces the cached one; the home page shows it on its next load.
 */

export function useCategories() {
  return useQuery(adminQuery('categories'));
}

export function useCategoryLayout(id: string | null) {
  return useQuery({ ...adminQuery('categoryLayout', { params: { id: id ?? '' } }), enabled: id !== null });
}

export function useCreateCategory() {
  return useAdminMutation('createCategory', { toCall: (body: CategoryInput) => ({ body }), invalidates: ['categories'] });
}

export function useUpdateCategory() {
  return useAdminMutation('updateCategory', {
    toCall: ({ id, body }: { id: string; body: CategoryInput & { updatedAt: string } }) => ({ params: { id }, body }),
    invalidates: ['categories', 'categoryLayout'],
  });
}

export function useReorderCategories() {
  const queryClient = useQueryClient();
  return useAdminMutation('reorderCategories', {
    toCall: (body: Reorder) => ({ body }),
    onSuccess: (categories) => queryClient.setQueryData(adminQueryKey('categories'), categories),
  });
}

/** The layout mutations answer with the category's new layout, which replaces the cached one. */
function useLayoutCache() {
  const queryClient = useQueryClient();
  return (layout: CategoryLayout) => {
    queryClient.setQueryData(adminQueryKey('categoryLayout', { id: layout.category._id }), layout);
    void queryClient.invalidateQueries({ queryKey: adminQueryKey('categories') });
  };
}

type RowUpdate = RowInput & { updatedAt: string };
type BannerUpdate = { origin: 'Image' | 'Video'; isEnable: boolean; updatedAt: string };

export function useCreateRow() {
  return useAdminMutation('createRow', { toCall: ({ categoryId, body }: { categoryId: string; body: RowInput }) => ({ params: { id: categoryId }, body }), onSuccess: useLayoutCache() });
}

export function useUpdateRow() {
  return useAdminMutation('updateRow', { toCall: ({ id, body }: { id: string; body: RowUpdate }) => ({ params: { id }, body }), onSuccess: useLayoutCache() });
}

export function useDeleteRow() {
  return useAdminMutation('deleteRow', { toCall: (id: string) => ({ params: { id } }), onSuccess: useLayoutCache() });
}

export function useSetRowTitles() {
  return useAdminMutation('setRowTitles', { toCall: ({ id, body }: { id: string; body: Reorder }) => ({ params: { id }, body }), onSuccess: useLayoutCache() });
}

export function useReorderRows() {
  return useAdminMutation('reorderRows', { toCall: ({ categoryId, body }: { categoryId: string; body: Reorder }) => ({ params: { id: categoryId }, body }), onSuccess: useLayoutCache() });
}

export function useCreateBanner() {
  return useAdminMutation('createBanner', { toCall: ({ categoryId, body }: { categoryId: string; body: BannerInput }) => ({ params: { id: categoryId }, body }), onSuccess: useLayoutCache() });
}

export function useUpdateBanner() {
  return useAdminMutation('updateBanner', { toCall: ({ id, body }: { id: string; body: BannerUpdate }) => ({ params: { id }, body }), onSuccess: useLayoutCache() });
}

export function useDeleteBanner() {
  return useAdminMutation('deleteBanner', { toCall: (id: string) => ({ params: { id } }), onSuccess: useLayoutCache() });
}

export function useReorderBanners() {
  return useAdminMutation('reorderBanners', { toCall: ({ categoryId, body }: { categoryId: string; body: Reorder }) => ({ params: { id: categoryId }, body }), onSuccess: useLayoutCache() });
}
