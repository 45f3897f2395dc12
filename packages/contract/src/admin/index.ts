import type { EndpointBody, EndpointParams, EndpointQuery, EndpointResponse } from '../endpoint';
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
export type AdminApiResponse<N extends AdminApiName> = EndpointResponse<AdminApi[N]>;
export type AdminApiParams<N extends AdminApiName> = EndpointParams<AdminApi[N]>;
export type AdminApiQuery<N extends AdminApiName> = EndpointQuery<AdminApi[N]>;
export type AdminApiBody<N extends AdminApiName> = EndpointBody<AdminApi[N]>;
