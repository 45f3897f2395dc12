import { adminApi, type AdminApi, type AdminApiBody, type AdminApiName, type AdminApiParams, type AdminApiQuery, type AdminApiResponse } from '@marquee/contract/admin';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, type ApiResult, type MultipartFields } from '@/lib/api-client';
import { requireSessionToken } from '@/lib/session-store';

/**
 * The console's calls (`/admin/api`), by name. Only console code imports this module: the console
 * registry's zod schemas stay out of the viewer's bundle. Calls carry the signed-in operator's token.
 */

type RequestBody<N extends AdminApiName> = [AdminApiBody<N>] extends [never] ? (AdminApi[N] extends { multipart: true } ? MultipartFields : never) : AdminApiBody<N>;

export type AdminCallOptions<N extends AdminApiName> = { signal?: AbortSignal } & ([AdminApiParams<N>] extends [never] ? { params?: never } : { params: AdminApiParams<N> }) &
  ([AdminApiQuery<N>] extends [never] ? { query?: never } : { query?: AdminApiQuery<N> }) &
  ([RequestBody<N>] extends [never] ? { body?: never } : { body: RequestBody<N> });

type OptionsArg<N extends AdminApiName> = object extends AdminCallOptions<N> ? [options?: AdminCallOptions<N>] : [options: AdminCallOptions<N>];

export async function callAdminApi<N extends AdminApiName>(name: N, ...[options]: OptionsArg<N>): Promise<ApiResult<AdminApiResponse<N>>> {
  const { params, query, body, signal } = (options ?? {}) as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown; signal?: AbortSignal };
  const result = await callEndpoint(adminApi[name], { params, body, signal, query: stringify(query), token: requireSessionToken() });
  return result as ApiResult<AdminApiResponse<N>>;
}

/** For TanStack Query: the data, or the ApiError thrown. */
export async function fetchAdminApi<N extends AdminApiName>(name: N, ...args: OptionsArg<N>): Promise<AdminApiResponse<N>> {
  const [ok, data] = await callAdminApi(name, ...args);
  if (!ok) throw data;
  return data;
}

/**
 * The console's query keys: 'admin', the call's name, then its parameters. Every console answer
 * belongs to the signed-in operator (isUserQueryKey), so it leaves the cache when they sign out.
 */
export function adminQueryKey<N extends AdminApiName>(name: N, params?: Record<string, unknown>) {
  return params === undefined ? (['admin', name] as const) : (['admin', name, params] as const);
}

function stringify(query: Record<string, unknown> | undefined): Record<string, string | undefined> | undefined {
  if (!query) return undefined;
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, value === undefined || value === null ? undefined : String(value)]));
}

/** The query of one console read: the key scheme above and its fetcher. */
export function adminQuery<N extends AdminApiName>(name: N, ...args: OptionsArg<N>) {
  const options = args[0] as { params?: Record<string, unknown>; query?: Record<string, unknown> } | undefined;
  const keyParams = options?.params || options?.query ? { ...options.params, ...options.query } : undefined;
  return queryOptions({
    queryKey: adminQueryKey(name, keyParams),
    queryFn: ({ signal }) => fetchAdminApi(name, ...([{ ...(options ?? {}), signal }] as unknown as OptionsArg<N>)),
  });
}

/**
 * A console change: on success the answers of `invalidates` (call names) are read again, so every
 * list shows the change. Failures stay on the mutation (field errors go beside the fields).
 */
export function useAdminMutation<N extends AdminApiName, V>(
  name: N,
  options: { toCall: (variables: V) => AdminCallOptions<N>; invalidates?: AdminApiName[]; onSuccess?: (data: AdminApiResponse<N>) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => fetchAdminApi(name, ...([options.toCall(variables)] as unknown as OptionsArg<N>)),
    onSuccess: async (data) => {
      options.onSuccess?.(data);
      await Promise.all((options.invalidates ?? []).map((call) => queryClient.invalidateQueries({ queryKey: ['admin', call] })));
    },
  });
}
