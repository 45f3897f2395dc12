import type { EndpointBody, EndpointParams, EndpointQuery, EndpointResponse } from '../endpoint';
import { auditEndpoints } from './audit';
import { contactEndpoints } from './contact';
import { feedEndpoints } from './feeds';
import { jobEndpoints } from './jobs';
import { layoutEndpoints } from './layout';
import { mediaEndpoints } from './media';
import { notificationEndpoints } from './notifications';
import { paymentEndpoints } from './payments';
import { planEndpoints } from './plans';
import { settingsEndpoints } from './settings';
import { staffEndpoints } from './staff';
import { subtitleEndpoints } from './subtitles';
import { titleEndpoints } from './titles';
import { viewerEndpoints } from './viewers';

export * from './access';
export * from './audit';
export * from './contact';
export * from './feeds';
export * from './jobs';
export * from './layout';
export * from './media';
export * from './notifications';
export * from './paging';
export * from './payments';
export * from './plans';
export * from './settings';
export * from './staff';
export * from './subtitles';
export * from './titles';
export * from './viewers';

/**
 * Every console call, under /admin/api. A separate entry point of the contract
 * (`@marquee/contract/admin`), so nothing of it reaches a viewer's bundle.
 */
export const adminApi = {
  ...staffEndpoints,
  ...auditEndpoints,
  ...titleEndpoints,
  ...layoutEndpoints,
  ...mediaEndpoints,
  ...subtitleEndpoints,
  ...planEndpoints,
  ...settingsEndpoints,
  ...viewerEndpoints,
  ...paymentEndpoints,
  ...notificationEndpoints,
  ...contactEndpoints,
  ...jobEndpoints,
  ...feedEndpoints,
} as const;

export type AdminApi = typeof adminApi;
export type AdminApiName = keyof AdminApi;
export type AdminApiResponse<N extends AdminApiName> = EndpointResponse<AdminApi[N]>;
export type AdminApiParams<N extends AdminApiName> = EndpointParams<AdminApi[N]>;
export type AdminApiQuery<N extends AdminApiName> = EndpointQuery<AdminApi[N]>;
export type AdminApiBody<N extends AdminApiName> = EndpointBody<AdminApi[N]>;
