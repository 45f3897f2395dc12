import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQueryKey, fetchApi } from '@/lib/api-client';

export const categoryDataQueryKey = (id: string) => apiQueryKey('categoryData', { id });

export function getCategoryData(id: string, signal?: AbortSignal) {
  return fetchApi('categoryData', { params: { id }, signal });
}

export const categoryDataQueryOptions = (id: string) =>
  queryOptions({ queryKey: categoryDataQueryKey(id), queryFn: ({ signal }) => getCategoryData(id, signal) });

/** A category's banners and rows; idle until a category is chosen. */
export function useCategoryData(id: string | null) {
  return useQuery({ ...categoryDataQueryOptions(id ?? ''), enabled: id !== null });
}
