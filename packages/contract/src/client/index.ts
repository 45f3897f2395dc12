/**
 * The part of the contract a viewer's browser loads (`@marquee/contract/client`): the calls'
 * methods and paths, and the plain helpers and limits, with no zod. Types come from
 * `@marquee/contract` with `import type`, which leaves nothing in the bundle. The schemas
 * validate on the server, in tests and in development (apps/web/src/lib/api-client.ts).
 */
export { apiRoutes } from './routes';
export { clientRoutesOf, type ClientRoute } from './client-routes';
export { buildPath } from '../build-path';
export { PROFILE_AVATARS } from '../profile-avatars';
export { RENTAL_START_WINDOW_DAYS, RENTAL_VIEWING_HOURS } from '../rentals';
export { SEARCH_TERM_MAX } from '../search-term';
export { SIGNED_PREFIX, signedAssetOf } from '../signed-link';
