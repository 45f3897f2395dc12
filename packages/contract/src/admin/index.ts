import type { z } from 'zod';
import { auditEndpoints } from './audit';
import { staffEndpoints } from './staff';

export * from './access';
export * from './audit';
export * from './paging';
export * from './staff';

/**
 * Every console call, under /admin/api. A separate entry point of the contract
 * (`@marquee/contract/admin`), so nothing of it reaches a viewer's bundle.
 */
export const adminApi = {
  ...staffEndpoints,
  ...auditEndpoints,
} as const;

export type AdminApi = typeof adminApi;
export type AdminApiName = keyof AdminApi;
export type AdminApiResponse<N extends AdminApiName> = z.output<AdminApi[N]['response']>;
type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
export type AdminApiParams<N extends AdminApiName> = InputOf<AdminApi[N] extends { params: infer P } ? P : never>;
export type AdminApiQuery<N extends AdminApiName> = InputOf<AdminApi[N] extends { query: infer Q } ? Q : never>;
export type AdminApiBody<N extends AdminApiName> = InputOf<AdminApi[N] extends { body: infer B } ? B : never>;
