import { z } from 'zod';
import { accountEndpoints } from './api-accounts';
import { billingEndpoints } from './api-billing';
import { profileEndpoints } from './api-profiles';
import { endpoint } from './endpoint';
export { buildPath } from './build-path';
export type { Endpoint, EndpointBody, EndpointParams, EndpointQuery, EndpointResponse, HttpMethod, StaffRole } from './endpoint';
import type { EndpointBody, EndpointParams, EndpointQuery, EndpointResponse } from './endpoint';
import { category, categoryData, movie, nameParams, rowItem, series } from './catalog';
import { idParams, message } from './common';
import { subscriptionStatus } from './accounts';
import { contactMessage } from './contact';
import { activeStream, playbackLink } from './playback';
import { continueWatchingEntry, progressUpdate } from './progress';
import { searchParams, searchResult } from './search';
import { subscriptionPlan } from './subscriptions';
import { thirdPartyEndpoints } from './third-party';

/** Display settings the header needs (behaviour.md §10: the subscriber badge is a setting). */
export const displaySettings = z.object({
  subscriberCount: z.number().int().nonnegative(),
  /** Where 'Support' on My Account writes to. */
  supportEmail: z.string(),
});
export type DisplaySettings = z.infer<typeof displaySettings>;

/**
 * A staging site in production mode running a test provider (STAGING_TEST_PROVIDERS): every page
 * shows a ribbon saying so. Null on a real site and in development.
 */
export const testMode = z
  .object({
    /** Anyone may sign in as any email address. */
    devSignIn: z.boolean(),
    /** Payments go to the built-in sandbox; nothing is charged. */
    sandboxPayments: z.boolean(),
  })
  .nullable();
export type TestMode = z.infer<typeof testMode>;

/** Every public call of behaviour.md §7 that this build serves, plus the additions of §10. */
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
    summary: 'Display settings for the header, and whether the site runs in test mode',
    tags: ['settings'],
    // Absent from older servers' answers: no ribbon then.
    response: displaySettings.extend({ testMode: testMode.default(null) }),
  }),
  ...accountEndpoints,
  ...profileEndpoints,
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
  playbackLink: endpoint({
    method: 'GET',
    path: '/user/playback-link/:assetId',
    summary:
      "Renew the signed link of a video being played, if the viewer may still watch it; for a paid title it also holds one of the plan's simultaneous streams for this player (409 with the account's streams when all are taken). A title page's own link only prepares the first frame: full content needs this one",
    tags: ['playback'],
    params: z.object({ assetId: z.uuid() }),
    query: z.object({
      /** The title being watched (a video may serve several): its access decides, and names the stream. */
      title: z.uuid().optional(),
      /**
       * The player asking, an id it chose when it appeared: each player (a tab, a window) holds a
       * stream of its own. Without it the session's players share one.
       */
      player: z.uuid().optional(),
    }),
    auth: 'optional',
    response: playbackLink,
  }),
  streams: endpoint({
    method: 'GET',
    path: '/user/streams',
    summary: "What is playing on the account's devices now (stream slots)",
    tags: ['playback'],
    auth: 'bearer',
    response: z.array(activeStream),
  }),
  stopStream: endpoint({
    method: 'DELETE',
    path: '/user/streams/:id',
    summary: "Stop a stream of the account (its device's player stops at its next renewal); answers the streams left",
    tags: ['playback'],
    auth: 'bearer',
    params: z.object({ id: z.uuid() }),
    response: z.array(activeStream),
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
export type ApiQuery<N extends ApiName> = EndpointQuery<Api[N]>;
