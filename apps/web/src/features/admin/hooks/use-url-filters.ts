import { useSearchParams } from 'react-router';

/**
 * A console list's filters and page, kept in the address so a filtered list can be bookmarked or
 * shared. Changing a filter goes back to the first page.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const get = (key: string) => params.get(key) || undefined;
  const set = (key: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== 'page') next.delete('page');
      return next;
    });
  return { page, get, set };
}
