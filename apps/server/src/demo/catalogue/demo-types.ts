/** The hand-written shape of the demo data, before slugs, images and cast are derived. */

import type { Mood } from '../artwork/artwork-palette';

export const genreNames = [
  'Action',
  'Animation',
  'Comedy',
  'Crime',
  'Documentary',
  'Drama',
  'Family',
  'Fantasy',
  'Horror',
  'Romance',
  'Sci-Fi',
  'Thriller',
] as const;

export type GenreName = (typeof genreNames)[number];

/** The age ratings the product uses (0 = all ages). */
export type AgeLimit = 0 | 7 | 13 | 16 | 18;

interface TitleSpec {
  name: string;
  /** One line for posters and hero banners; not stored in the database. */
  tagline: string;
  description: string;
  /** 1–3; the first one decides the artwork's look. */
  genres: GenreName[];
  language: string;
  year: number;
  /** 0–5, one decimal. */
  rating: number;
  ageLimit: AgeLimit;
  isFree?: boolean;
  /** Rental price in USD; absent when the title is not for rent. */
  rentPrice?: number;
  /** Defaults to true; a few titles are disabled so the API's isEnable filters have work to do. */
  isEnable?: boolean;
  /** Character names for the cast in billing order; invented from a name pool when absent. */
  roles?: string[];
  /** Art direction when the first genre's look does not suit (a space cartoon is drawn as space). */
  look?: Mood;
}

export interface MovieSpec extends TitleSpec {
  minutes: number;
}

export interface EpisodeSpec {
  name: string;
  minutes: number;
  description: string;
}

export interface SeriesSpec extends TitleSpec {
  episodes: EpisodeSpec[];
}

export type BannerOrigin = 'Image' | 'Video';
export type RowImageType = 'Vertical' | 'Horizontal' | 'Long Horizontal';

export interface CategorySpec {
  name: string;
  banners: Array<{ title: string; origin: BannerOrigin; isEnable?: boolean }>;
  /** `titles` are slugs, in display order. */
  rows: Array<{ name: string; imageType: RowImageType; titles: string[] }>;
}

export interface PlanSpec {
  title: string;
  description: string;
  priceCents: number;
  validityDays: number;
  /** Videos a subscriber may play at once. */
  maxStreams: number;
}
