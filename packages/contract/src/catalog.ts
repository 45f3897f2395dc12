import { z } from 'zod';
import { titleAccess } from './access';
import { id, slug } from './common';

export const contentKind = z.enum(['movie', 'series']);
export type ContentKind = z.infer<typeof contentKind>;

export const imageType = z.enum(['Vertical', 'Horizontal', 'Long Horizontal']);
export type ImageType = z.infer<typeof imageType>;

export const category = z.object({ _id: id, name: z.string() });
export type Category = z.infer<typeof category>;

export const genre = z.object({ _id: id, name: z.string() });
export type Genre = z.infer<typeof genre>;

export const castMember = z.object({
  _id: id,
  name: z.string(),
  role: z.string(),
  image: z.string(),
});
export type CastMember = z.infer<typeof castMember>;

/** A card in a row, a search result or a similar-titles list (behaviour.md §3 'Row item'). */
export const rowItem = z.object({
  _id: id,
  kind: contentKind,
  slug,
  name: z.string(),
  isEnable: z.boolean(),
  isFree: z.boolean(),
  verticalBanner: z.string(),
  horizontalBanner: z.string(),
  genres: z.array(genre),
  releaseYear: z.number().int().nullable(),
  rating: z.number().nullable(),
  /**
   * The viewer's access (free, included, rent, rented, or null). The server always sends it; it
   * is optional only until the web app's fixtures carry it.
   */
  access: titleAccess.optional(),
});
export type RowItem = z.infer<typeof rowItem>;

export const rowEntry = z.object({ kind: contentKind, item: rowItem });
export type RowEntry = z.infer<typeof rowEntry>;

/** A content row ('subcategory'). Any imageType other than the two named ones means 16:9. */
export const contentRow = z.object({
  _id: id,
  name: z.string(),
  imageType,
  content: z.array(rowEntry),
});
export type ContentRow = z.infer<typeof contentRow>;

export const bannerOrigin = z.enum(['Image', 'Video']);

export const banner = z.object({
  _id: id,
  isEnable: z.boolean(),
  origin: bannerOrigin,
  image: z.string(),
  /** The trailer shown by a video banner; null until the title has one. */
  video: z.string().nullable(),
  link: z.object({
    kind: contentKind,
    item: z.object({ _id: id, name: z.string(), slug, genres: z.array(genre) }),
  }),
});
export type Banner = z.infer<typeof banner>;

/**
 * A row made for the profile watching: titles like the one it watched last ('Because you watched
 * X'), or the titles most watched across the site in the last 24 hours, best first (the web app
 * numbers them 1 to 10).
 */
export const personalRow = z.object({
  kind: z.enum(['because-you-watched', 'top-10']),
  /** The row's heading: 'Because you watched Night Harbour', 'Top 10 on Marquee today'. */
  name: z.string(),
  /** The title the row is based on ('because-you-watched'); null for the top 10. */
  basedOn: z.object({ _id: id, kind: contentKind, name: z.string(), slug }).nullable(),
  content: z.array(rowEntry),
});
export type PersonalRow = z.infer<typeof personalRow>;

export const categoryData = z.object({
  banners: z.array(banner),
  subcategories: z.array(contentRow),
  /**
   * For a signed-in viewer's profile only: its personal rows, shown after Continue Watching
   * (absent or empty for a visitor, or while there is too little history to make them).
   */
  personalRows: z.array(personalRow).optional(),
});
export type CategoryData = z.infer<typeof categoryData>;

const titleFields = {
  _id: id,
  slug,
  name: z.string(),
  genres: z.array(genre),
  /** Running time in minutes (per episode for a series). */
  duration: z.number().int(),
  language: z.string(),
  releaseYear: z.number().int().nullable(),
  description: z.string(),
  /** Minimum viewer age in years (0 for all ages). */
  ageLimit: z.number().int(),
  cast: z.array(castMember),
  /** Public trailer; null when there is none. */
  trailer: z.string().nullable(),
  verticalBanner: z.string(),
  horizontalBanner: z.string(),
  isFree: z.boolean(),
  isEnable: z.boolean(),
  /**
   * Rental price in USD; null when the title is not for rent. The server always sends it; it is
   * optional only until the web app's fixtures carry it.
   */
  rentPrice: z.number().nullable().optional(),
  /** The viewer's access; always sent, optional only until the web app's fixtures carry it. */
  access: titleAccess.optional(),
};

export const subtitleTrack = z.object({ lang: z.string(), label: z.string(), src: z.string() });

/**
 * Where a video's intro, recap and credits are, in seconds from its start: an operator's, or
 * else what packaging suggested. A range has both ends or neither.
 */
export const videoMarkers = z.object({
  introStart: z.number().nullable(),
  introEnd: z.number().nullable(),
  recapStart: z.number().nullable(),
  recapEnd: z.number().nullable(),
  creditsStart: z.number().nullable(),
});
export type VideoMarkers = z.infer<typeof videoMarkers>;

/** What the player needs beside the master playlist (only with a full-video `url`). */
const playbackExtras = {
  /** WebVTT track of seek-preview thumbnails. */
  thumbnails: z.string().nullable(),
  subtitles: z.array(subtitleTrack),
  /** Skip Intro / Skip Recap ranges, and where the credits start (the next-episode offer). */
  markers: videoMarkers.nullable(),
};

/** Where to resume for the signed-in viewer (between 5% and 90% watched), or null. */
const resume = z.object({ episodeId: z.uuid().nullable(), position: z.number() }).nullable();

export const movie = z.object({
  ...titleFields,
  /** Out of 5. */
  rating: z.number().nullable(),
  /** Full video: present only for an entitled viewer. */
  url: z.string().nullable(),
  ...playbackExtras,
  resume,
});
export type Movie = z.infer<typeof movie>;

export const episode = z.object({
  _id: id,
  number: z.number().int(),
  name: z.string(),
  description: z.string(),
  duration: z.number().int(),
  thumbnail: z.string(),
  /** Full video: present only for an entitled viewer. */
  url: z.string().nullable(),
  ...playbackExtras,
});
export type Episode = z.infer<typeof episode>;

export const series = z.object({
  ...titleFields,
  rating: z.number().nullable(),
  poster: z.string(),
  episodes: z.array(episode),
  resume,
});
export type Series = z.infer<typeof series>;

export const nameParams = z.object({ name: z.string().min(1).max(120) });
