import { z } from 'zod';
import { accountEndpoints } from './api-accounts';
import { billingEndpoints } from './api-billing';
import { endpoint } from './endpoint';
export type { Endpoint, EndpointBody, EndpointParams, EndpointQuery, EndpointResponse, HttpMethod, StaffRole } from './endpoint';
import type { EndpointBody, EndpointParams, EndpointResponse } from './endpoint';
import { category, categoryData, movie, nameParams, rowItem, series } from './catalog';
import { idParams, message } from './common';
import { subscriptionStatus } from './accounts';
import { contactMessage } from './contact';
import { continueWatchingEntry, progressUpdate } from './progress';
import { searchParams, searchResult } from './search';
import { subscriptionPlan } from './subscriptions';
import { thirdPartyEndpoints } from './third-party';

/** Display settings the header needs (PRODUCT.md §2: the subscriber badge is a setting). */
export const displaySettings = z.object({
  subscriberCount: z.number().int().nonnegative(),
  /** Where 'Support' on My Account writes to. */
  supportEmail: z.string(),
});
export type DisplaySettings = z.infer<typeof displaySettings>;

/** Every public call of SPEC.md §7 that this build serves, plus the additions of PRODUCT.md. */
export const api = {
  homepage: endpoint({
    method: 'GET',
    path: '/user/homepage',
    summary: 'Enabled categories, in display order',
    tags: ['catalog'],
    response: z.array(category),
  }),
  categoryData: endpoint({
    method: 'GET',
    path: '/user/category-data/:id',
    summary: "A category's enabled banners and content rows",
    tags: ['catalog'],
    params: idParams,
    auth: 'optional',
    response: categoryData,
  }),
  movie: endpoint({
    method: 'GET',
    path: '/movie-name/:name',
    summary: 'A movie by slug',
    tags: ['catalog'],
    params: nameParams,
    auth: 'optional',
    response: movie,
  }),
  series: endpoint({
    method: 'GET',
    path: '/series-name/:name',
    summary: 'A series by slug, with its episodes',
    tags: ['catalog'],
    params: nameParams,
    auth: 'optional',
    response: series,
  }),
  similarMovies: endpoint({
    method: 'GET',
    path: '/user/similar-movies/:id',
    summary: 'Movies sharing the most genres with a movie',
    tags: ['catalog'],
    params: idParams,
    auth: 'optional',
    response: z.array(rowItem),
  }),
  similarSeries: endpoint({
    method: 'GET',
    path: '/user/similar-series/:id',
    summary: 'Series sharing the most genres with a series',
    tags: ['catalog'],
    params: idParams,
    auth: 'optional',
    response: z.array(rowItem),
  }),
  search: endpoint({
    method: 'GET',
    path: '/search/:term',
    summary: 'Typo-tolerant, prefix-aware search over titles, cast and genres',
    tags: ['search'],
    params: searchParams,
    auth: 'optional',
    response: searchResult,
  }),
  subscriptionPlans: endpoint({
    method: 'GET',
    path: '/all-subscriptions',
    summary: 'Enabled subscription plans',
    tags: ['subscriptions'],
    response: z.array(subscriptionPlan),
  }),
  contact: endpoint({
    method: 'POST',
    path: '/contact',
    summary: 'Send a message to support',
    tags: ['contact'],
    body: contactMessage,
    response: message,
  }),
  displaySettings: endpoint({
    method: 'GET',
    path: '/settings/display',
    summary: 'Display settings for the header',
    tags: ['settings'],
    response: displaySettings,
  }),
  ...accountEndpoints,
  ...thirdPartyEndpoints,
  ...billingEndpoints,
  subscriptionStatus: endpoint({
    method: 'GET',
    path: '/user/subscription-status',
    summary: "Whether the viewer's subscription is valid, which plan, and until when",
    tags: ['subscriptions'],
    auth: 'bearer',
    response: subscriptionStatus,
  }),
  saveProgress: endpoint({
    method: 'PUT',
    path: '/user/progress',
    summary: 'Save where the viewer is in a title (every ~10 s, on pause and on leaving)',
    tags: ['playback'],
    auth: 'bearer',
    body: progressUpdate,
    response: message,
  }),
  continueWatching: endpoint({
    method: 'GET',
    path: '/user/continue-watching',
    summary: 'Titles the viewer started and did not finish, newest first',
    tags: ['playback'],
    auth: 'bearer',
    response: z.array(continueWatchingEntry),
  }),
  continueWatchingRemove: endpoint({
    method: 'PUT',
    path: '/user/continue-watching-remove',
    summary: 'Remove a title from Continue Watching',
    tags: ['playback'],
    auth: 'bearer',
    body: z.object({ id: z.uuid() }),
    response: message,
  }),
} as const;

export type Api = typeof api;
export type ApiName = keyof Api;
export type ApiResponse<N extends ApiName> = EndpointResponse<Api[N]>;
export type ApiParams<N extends ApiName> = EndpointParams<Api[N]>;
export type ApiBody<N extends ApiName> = EndpointBody<Api[N]>;

/** Fills `:name` parameters of an endpoint path, URL-encoding each value. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${path}`);
    // encodeURIComponent leaves '.' alone, and clients collapse a '.' or '..' segment: '/search/..' became '/'.
    return encodeURIComponent(value).replace(/^\.{1,2}$/, (dots) => '%2E'.repeat(dots.length));
  });
}
