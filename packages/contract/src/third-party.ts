import { z } from 'zod';
import { categoryData, movie, rowItem } from './catalog';
import { idParams, slug } from './common';
import { endpoint } from './endpoint';

export const slugParams = z.object({ slug });

/**
 * The third-party catalogue: partners' titles, ingested from their Media RSS feeds. Its home has
 * the shape of a category's data, its titles the shape of a movie (`url` only when entitled).
 *
 * The calls live under `/partners/`, away from the pages' `/third-party/{slug}`: the server answers
 * the API and the pages on one origin, so a call sharing a page's path would shadow a partner title
 * whose slug happened to be the call's name (`/third-party/homepage`).
 */
export const thirdPartyEndpoints = {
  thirdPartyHomepage: endpoint({
    method: 'GET',
    path: '/partners/homepage',
    summary: "The third-party home: banners of the newest partner titles and a row per partner collection",
    tags: ['third-party'],
    auth: 'optional',
    response: categoryData,
  }),
  thirdPartyMovie: endpoint({
    method: 'GET',
    path: '/partners/title/:slug',
    summary: "A partner title by slug; `url` (the partner's stream) only for an entitled viewer",
    tags: ['third-party'],
    params: slugParams,
    auth: 'optional',
    response: movie,
  }),
  thirdPartySimilar: endpoint({
    method: 'GET',
    path: '/partners/similar/:id',
    summary: 'Titles of the same partner sharing the most collections with a partner title',
    tags: ['third-party'],
    params: idParams,
    auth: 'optional',
    response: z.array(rowItem),
  }),
};
