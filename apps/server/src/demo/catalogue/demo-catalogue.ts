import type { Mood } from '../artwork/artwork-palette';
import { demoCategories } from './demo-layout';
import { demoMovies } from './demo-movies';
import { characterFirstNames, characterLastNames, demoPeople, documentaryRoles } from './demo-people';
import { demoNotifications, type NotificationSpec } from './demo-notifications';
import { demoPlans } from './demo-plans';
import { pickDistinct, pickOne, randomInt, seededRandom, slugify } from '../demo-random';
import { demoSeries } from './demo-series';
import {
  genreNames,
  type AgeLimit,
  type BannerOrigin,
  type GenreName,
  type MovieSpec,
  type PlanSpec,
  type RowImageType,
  type SeriesSpec,
} from './demo-types';
import { centsOf } from '../../lib/money';

/** URL paths of the generated artwork; the server serves the media directory under /media/. */
export const demoImages = {
  poster: (slug: string) => `/media/images/demo/titles/${slug}-poster.webp`,
  wide: (slug: string) => `/media/images/demo/titles/${slug}-wide.webp`,
  hero: (slug: string) => `/media/images/demo/banners/${slug}-hero.webp`,
  episode: (slug: string, number: number) => `/media/images/demo/episodes/${slug}-e${String(number).padStart(2, '0')}.webp`,
  portrait: (slug: string) => `/media/images/demo/people/${slug}.webp`,
};

export interface DemoPerson {
  slug: string;
  name: string;
  image: string;
}

export interface DemoEpisode {
  number: number;
  name: string;
  description: string;
  durationMinutes: number;
  thumbnail: string;
}

export interface DemoTitle {
  kind: 'movie' | 'series';
  slug: string;
  name: string;
  tagline: string;
  description: string;
  language: string;
  releaseYear: number;
  /** The running time; for a series, a typical episode's (the contract's meaning of `duration`). */
  durationMinutes: number;
  rating: number;
  ageLimit: AgeLimit;
  isFree: boolean;
  /** USD cents, or null when not for rent. */
  rentPriceCents: number | null;
  isEnable: boolean;
  genres: GenreName[];
  /** Overrides the artwork look the first genre implies. */
  look: Mood | undefined;
  /** Billing order; `person` is a person's slug. */
  cast: Array<{ person: string; role: string }>;
  verticalBanner: string;
  horizontalBanner: string;
  episodes: DemoEpisode[];
}

export interface DemoCategory {
  name: string;
  position: number;
  banners: Array<{ title: string; origin: BannerOrigin; isEnable: boolean; image: string; position: number }>;
  rows: Array<{ name: string; imageType: RowImageType; position: number; titles: string[] }>;
}

export interface DemoCatalogue {
  genres: readonly GenreName[];
  people: DemoPerson[];
  titles: DemoTitle[];
  categories: DemoCategory[];
  plans: PlanSpec[];
  notifications: NotificationSpec[];
}

/** The whole demo catalogue as plain data: the same on every call, checked for dangling slugs. */
export function buildDemoCatalogue(): DemoCatalogue {
  const people = demoPeople.map((name) => ({ slug: slugify(name), name, image: demoImages.portrait(slugify(name)) }));
  const titles = [
    ...demoMovies.map((spec) => toTitle({ spec, kind: 'movie', people })),
    ...demoSeries.map((spec) => toTitle({ spec, kind: 'series', people })),
  ];
  const categories = demoCategories.map((category, position) => ({
    name: category.name,
    position,
    banners: category.banners.map((banner, index) => ({
      title: banner.title,
      origin: banner.origin,
      isEnable: banner.isEnable ?? true,
      image: demoImages.hero(banner.title),
      position: index,
    })),
    rows: category.rows.map((row, index) => ({ ...row, position: index })),
  }));
  const catalogue = { genres: genreNames, people, titles, categories, plans: demoPlans, notifications: demoNotifications };
  assertConsistent(catalogue);
  return catalogue;
}

function toTitle(options: { spec: MovieSpec | SeriesSpec; kind: 'movie' | 'series'; people: DemoPerson[] }): DemoTitle {
  const { spec, kind } = options;
  const slug = slugify(spec.name);
  const episodes =
    'episodes' in spec
      ? spec.episodes.map((episode, index) => ({
          number: index + 1,
          name: episode.name,
          description: episode.description,
          durationMinutes: episode.minutes,
          thumbnail: demoImages.episode(slug, index + 1),
        }))
      : [];
  const minutes = 'minutes' in spec ? spec.minutes : averageMinutes(episodes);
  return {
    kind,
    slug,
    name: spec.name,
    tagline: spec.tagline,
    description: spec.description,
    language: spec.language,
    releaseYear: spec.year,
    durationMinutes: minutes,
    rating: spec.rating,
    ageLimit: spec.ageLimit,
    isFree: spec.isFree ?? false,
    rentPriceCents: centsOf(spec.rentPrice ?? null),
    isEnable: spec.isEnable ?? true,
    genres: spec.genres,
    look: spec.look,
    cast: castFor({ slug, spec, people: options.people }),
    verticalBanner: demoImages.poster(slug),
    horizontalBanner: demoImages.wide(slug),
    episodes,
  };
}

/** 2–5 people per title, chosen and named from the slug so every seed casts the same way. */
function castFor(options: { slug: string; spec: MovieSpec | SeriesSpec; people: DemoPerson[] }): DemoTitle['cast'] {
  const { spec } = options;
  const random = seededRandom(`cast:${options.slug}`);
  const count = spec.roles ? Math.min(5, Math.max(2, spec.roles.length)) : randomInt(random, 2, 5);
  const chosen = pickDistinct(random, options.people, count);
  const animated = spec.genres.includes('Animation');
  const documentary = spec.genres[0] === 'Documentary';
  const invented = new Set<string>();
  return chosen.map((person, index) => {
    let role = spec.roles?.[index];
    if (!role && documentary) role = documentaryRoles[index % documentaryRoles.length] ?? 'Narrator';
    while (!role || invented.has(role)) {
      const first = pickOne(random, characterFirstNames);
      role = animated ? `${first} (voice)` : `${first} ${pickOne(random, characterLastNames)}`;
    }
    invented.add(role);
    return { person: person.slug, role };
  });
}

function averageMinutes(episodes: DemoEpisode[]): number {
  if (episodes.length === 0) return 0;
  return Math.round(episodes.reduce((sum, episode) => sum + episode.durationMinutes, 0) / episodes.length);
}

/** Fails fast on a typo in the hand-written data rather than on a foreign-key error mid-seed. */
function assertConsistent(catalogue: Omit<DemoCatalogue, 'genres'>): void {
  const problems: string[] = [];
  const slugs = new Set<string>();
  for (const title of catalogue.titles) {
    if (slugs.has(title.slug)) problems.push(`duplicate slug ${title.slug}`);
    slugs.add(title.slug);
    if (title.genres.length < 1 || title.genres.length > 3) problems.push(`${title.slug}: ${title.genres.length} genres`);
    if (title.kind === 'series' && (title.episodes.length < 4 || title.episodes.length > 8)) {
      problems.push(`${title.slug}: ${title.episodes.length} episodes`);
    }
  }
  if (new Set(catalogue.people.map((p) => p.slug)).size !== catalogue.people.length) problems.push('duplicate person slug');
  for (const category of catalogue.categories) {
    for (const banner of category.banners) {
      if (!slugs.has(banner.title)) problems.push(`${category.name} banner: unknown title ${banner.title}`);
    }
    for (const row of category.rows) {
      for (const slug of row.titles) if (!slugs.has(slug)) problems.push(`${category.name}/${row.name}: unknown title ${slug}`);
      if (new Set(row.titles).size !== row.titles.length) problems.push(`${category.name}/${row.name}: a title appears twice`);
    }
  }
  if (problems.length > 0) throw new Error(`Demo catalogue is inconsistent:\n  ${problems.join('\n  ')}`);
}
