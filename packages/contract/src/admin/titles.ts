import { z } from 'zod';
import { contentKind } from '../catalog';
import { id, slug } from '../common';
import { adminEndpoint, can } from './access';
import { pageOf, pageQuery, queryFlag } from './paging';

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(/^[^\p{Cc}<>]*$/u, `${label} must not contain control characters or angle brackets`);

/** USD with at most two decimals, e.g. 3.99. */
export const usdPrice = z
  .number({ message: 'Enter a price in USD' })
  .min(0.5, 'The lowest price is $0.50')
  .max(999.99, 'The highest price is $999.99')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use at most two decimals');

/** Where a title's video stands: none attached, or the attached asset's state. */
export const videoState = z.enum(['none', 'pending', 'processing', 'ready', 'failed']);
export type VideoState = z.infer<typeof videoState>;

export const adminTitleSummary = z.object({
  _id: id,
  kind: contentKind,
  slug,
  name: z.string(),
  isEnable: z.boolean(),
  isFree: z.boolean(),
  isThirdParty: z.boolean(),
  rentPrice: z.number().nullable(),
  verticalBanner: z.string(),
  horizontalBanner: z.string(),
  video: videoState,
  trailer: videoState,
  /** ISO timestamp; sent back with an edit so a change made meanwhile is not overwritten. */
  updatedAt: z.string(),
});
export type AdminTitleSummary = z.infer<typeof adminTitleSummary>;

export const titleListQuery = z.object({
  search: z.string().trim().max(120).optional(),
  kind: contentKind.optional(),
  enabled: queryFlag,
  free: queryFlag,
  hasVideo: queryFlag,
  partner: queryFlag,
  ...pageQuery,
});

/** A cast member as the title form edits it: an existing person, or a new one by name. */
export const castInput = z.object({
  personId: id.optional(),
  name: text('Name', 80).min(1, 'Name is required'),
  role: text('Role', 80).min(1, 'Role is required'),
});

/** Every field the viewer pages show, as an editor sets them. Artwork is uploaded separately. */
export const titleInput = z.object({
  kind: contentKind,
  name: text('Name', 120).min(1, 'Name is required'),
  slug,
  description: text('Description', 5000).default(''),
  genres: z.array(text('Genre', 40).min(1)).max(12, 'At most 12 genres').default([]),
  cast: z.array(castInput).max(40, 'At most 40 cast members').default([]),
  language: text('Language', 40).min(1, 'Language is required').default('English'),
  releaseYear: z.number().int().min(1888, 'Year must be 1888 or later').max(2100, 'Year must be 2100 or earlier').nullable().default(null),
  durationMinutes: z.number().int().min(0).max(1000, 'At most 1000 minutes').default(0),
  ageLimit: z.number().int().min(0).max(21, 'Age limit must be between 0 and 21').default(0),
  rating: z.number().min(0).max(5, 'Rating is out of 5').nullable().default(null),
  isFree: z.boolean().default(false),
  /** USD; null: not for rent. */
  rentPrice: usdPrice.nullable().default(null),
  isEnable: z.boolean().default(false),
});
export type TitleInput = z.input<typeof titleInput>;

export const titleUpdate = titleInput.omit({ kind: true }).extend({ updatedAt: z.string().min(1) });
export type TitleUpdate = z.input<typeof titleUpdate>;

export const adminEpisode = z.object({
  _id: id,
  number: z.number().int(),
  name: z.string(),
  description: z.string(),
  durationMinutes: z.number().int(),
  thumbnail: z.string(),
  isEnable: z.boolean(),
  video: videoState,
  videoAssetId: id.nullable(),
  updatedAt: z.string(),
});
export type AdminEpisode = z.infer<typeof adminEpisode>;

export const adminTitle = adminTitleSummary.extend({
  description: z.string(),
  genres: z.array(z.string()),
  cast: z.array(z.object({ personId: id, name: z.string(), role: z.string(), image: z.string() })),
  language: z.string(),
  releaseYear: z.number().int().nullable(),
  durationMinutes: z.number().int(),
  ageLimit: z.number().int(),
  rating: z.number().nullable(),
  videoAssetId: id.nullable(),
  trailerAssetId: id.nullable(),
  episodes: z.array(adminEpisode),
  /** Versions the episode order was read at (see reordering). */
  episodesVersion: z.string(),
});
export type AdminTitle = z.infer<typeof adminTitle>;

export const episodeInput = z.object({
  name: text('Name', 120).min(1, 'Name is required'),
  description: text('Description', 5000).default(''),
  durationMinutes: z.number().int().min(0).max(1000).default(0),
  isEnable: z.boolean().default(true),
});
export type EpisodeInput = z.input<typeof episodeInput>;
export const episodeUpdate = episodeInput.extend({ updatedAt: z.string().min(1) });

/** A reordering: the ids in their new order, and the version of the list the operator saw. */
export const reorder = z.object({ ids: z.array(id).max(500), version: z.string().min(1) });
export type Reorder = z.input<typeof reorder>;

export const artworkSlot = z.enum(['vertical', 'horizontal']);

export const person = z.object({ _id: id, name: z.string(), image: z.string() });

const titleParams = z.object({ id });

export const titleEndpoints = {
  titles: adminEndpoint({
    method: 'GET',
    path: '/admin/api/titles',
    summary: 'Titles with search, filters and paging',
    tags: ['admin: catalog'],
    roles: can.readCatalog,
    query: titleListQuery,
    response: pageOf(adminTitleSummary),
  }),
  title: adminEndpoint({
    method: 'GET',
    path: '/admin/api/titles/:id',
    summary: 'A title with every field, its cast, episodes and media state',
    tags: ['admin: catalog'],
    roles: can.readCatalog,
    params: titleParams,
    response: adminTitle,
  }),
  createTitle: adminEndpoint({
    method: 'POST',
    path: '/admin/api/titles',
    summary: 'Create a movie or a series (disabled until published)',
    tags: ['admin: catalog'],
    roles: can.editCatalog,
    body: titleInput,
    response: adminTitle,
  }),
  updateTitle: adminEndpoint({
    method: 'PUT',
    path: '/admin/api/titles/:id',
    summary: 'Edit a title; 409 if it changed since `updatedAt`',
    tags: ['admin: catalog'],
    roles: can.editCatalog,
    params: titleParams,
    body: titleUpdate,
    response: adminTitle,
  }),
  titleArtwork: adminEndpoint({
    method: 'POST',
    path: '/admin/api/titles/:id/artwork/:slot',
    summary: 'Upload a poster (vertical, 11:16) or a wide banner (horizontal, 16:9); re-encoded to WebP',
    tags: ['admin: catalog'],
    roles: can.editCatalog,
    params: z.object({ id, slot: artworkSlot }),
    multipart: true,
    response: adminTitle,
  }),
  people: adminEndpoint({
    method: 'GET',
    path: '/admin/api/people',
    summary: 'People to pick for a cast, by name',
    tags: ['admin: catalog'],
    roles: can.readCatalog,
    query: z.object({ search: z.string().trim().max(80).default('') }),
    response: z.array(person),
  }),
  personPhoto: adminEndpoint({
    method: 'POST',
    path: '/admin/api/people/:id/photo',
    summary: "Upload a cast member's photo (square, re-encoded to WebP)",
    tags: ['admin: catalog'],
    roles: can.editCatalog,
    params: z.object({ id }),
    multipart: true,
    response: person,
  }),
  addEpisode: adminEndpoint({
    method: 'POST',
    path: '/admin/api/titles/:id/episodes',
    summary: "Add an episode at the end of a series (watchlisters are told)",
    tags: ['admin: catalog'],
    roles: can.editCatalog,
    params: titleParams,
    body: episodeInput,
    response: adminTitle,
  }),
  updateEpisode: adminEndpoint({
    method: 'PUT',
    path: '/admin/api/episodes/:id',
    summary: 'Edit an episode; 409 if it changed since `updatedAt`',
    tags: ['admin: catalog'],
    roles: can.editCatalog,
    params: z.object({ id }),
    body: episodeUpdate,
    response: adminTitle,
  }),
  episodeThumbnail: adminEndpoint({
    method: 'POST',
    path: '/admin/api/episodes/:id/thumbnail',
    summary: "Upload an episode's thumbnail (16:9, re-encoded to WebP)",
    tags: ['admin: catalog'],
    roles: can.editCatalog,
    params: z.object({ id }),
    multipart: true,
    response: adminTitle,
  }),
  reorderEpisodes: adminEndpoint({
    method: 'PUT',
    path: '/admin/api/titles/:id/episodes/order',
    summary: "Renumber a series' episodes in the given order; 409 if the list changed meanwhile",
    tags: ['admin: catalog'],
    roles: can.editCatalog,
    params: titleParams,
    body: reorder,
    response: adminTitle,
  }),
};
