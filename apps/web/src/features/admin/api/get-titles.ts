import type { AdminApiQuery } from '@marquee/contract/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminQuery } from './admin-api-client';

export type TitleFilters = AdminApiQuery<'titles'>;

/** A page of titles; the previous page stays on screen while the next one loads. */
export function useTitles(filters: TitleFilters) {
  return useQuery({ ...adminQuery('titles', { query: filters }), placeholderData: keepPreviousData });
}
