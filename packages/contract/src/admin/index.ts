import type { EndpointBody, EndpointParams, EndpointQuery, EndpointResponse } from '../endpoint';
import { auditEndpoints } from './audit';
import { layoutEndpoints } from './layout';
import { planEndpoints } from './plans';
import { settingsEndpoints } from './settings';
import { staffEndpoints } from './staff';
import { titleEndpoints } from './titles';

export * from './access';
export * from './audit';
export * from './layout';
export * from './paging';
export * from './plans';
export * from './settings';
export * from './staff';
export * from './titles';

/**
 * Every console call, under /admin/api. A separate entry point of the contract
 * (`@marquee/contract/admin`), so nothing of it reaches a viewer's bundle.
 */
export const adminApi = {
  ...staffEndpoints,
  ...auditEndpoints,
  ...titleEndpoints,
  ...layoutEndpoints,
  ...planEndpoints,
  ...settingsEndpoints,
} as const;

export type AdminApi = typeof adminApi;
export type AdminApiName = keyof AdminApi;
export type AdminApiResponse<N extends AdminApiName> = EndpointResponse<AdminApi[N]>;
export type AdminApiParams<N extends AdminApiName> = EndpointParams<AdminApi[N]>;
export type AdminApiQuery<N extends AdminApiName> = EndpointQuery<AdminApi[N]>;
export type AdminApiBody<N extends AdminApiName> = EndpointBody<AdminApi[N]>;
