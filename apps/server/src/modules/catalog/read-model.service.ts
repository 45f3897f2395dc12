import { api, type Category, type CategoryData, type ContentKind, type Movie, type RowItem } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { ReadyAnswer } from '../../lib/ready-answer';
import type { PlaybackDeps } from '../playback/playback.service';
import { getCategoryData, getMovie, listCategories, listSimilarCards, titleAgeLimits, titleBasis, type ViewerContext } from './catalog.service';

/** Answers kept at most; the least recently used go first (title pages of a large catalogue). */
const MAX_ANSWERS = 5_000;
/**
 * And their weight at most, as `ReadyAnswer.weight` estimates it: a 100k-title catalogue's title
 * pages and similar rows would otherwise hold a few hundred megabytes before the count bound bites.
 */
export const MAX_ANSWER_BYTES = 48 * 1024 * 1024;
/**
 * The catalogue read model: answers that are the same for every anonymous viewer (the homepage
 * list, each category, title details, similar rows, display settings) built once from the database
 * and then served from memory, until the catalogue changes.
 *
 * `invalidate()` is called for every committed change to the catalogue tables (db/catalog-changes.ts:
 * triggers + LISTEN/NOTIFY, so changes by the console, the worker, a feed sync or another node all
 * count). An answer whose build overlapped a change is handed out but not kept, so a stale read
 * never outlives the change that made it stale.
 */
export class CatalogReadModel {
  private generation = 0;
  private answers = new Map<string, Promise<ReadyAnswer<unknown>>>();
  /**
   * The answers of `answers` that are built, for `peek`, each marked when peeked: eviction moves a
   * marked answer to the recent end instead of dropping it (a second chance), so the hottest
   * answers stay without reordering the map on every request.
   */
  private built = new Map<string, { answer: ReadyAnswer<unknown>; peeked: boolean }>();
  /** The weight of each built answer kept, and their sum. */
  private weights = new Map<string, number>();
  private weight = 0;

  /** `live()` false: changes might be missed (no listening connection), so every answer is built fresh. */
  constructor(
    private readonly live: () => boolean = () => true,
    private readonly maxBytes = MAX_ANSWER_BYTES,
  ) {}

  invalidate(): void {
    this.generation += 1;
    this.answers.clear();
    this.built.clear();
    this.weights.clear();
    this.weight = 0;
  }

  /** Moves on every change to the catalogue: what is kept elsewhere against it (personal rows) is rebuilt. */
  get version(): number {
    return this.generation;
  }

  /** The estimated bytes held by the answers kept. */
  get bytes(): number {
    return this.weight;
  }

  get size(): number {
    return this.answers.size;
  }

  async get<T>(key: string, build: () => Promise<T>): Promise<ReadyAnswer<T>> {
    const kept = this.answers.get(key) as Promise<ReadyAnswer<T>> | undefined;
    if (kept) {
      this.touch(key, kept);
      return kept;
    }
    const generation = this.generation;
    const building = build().then((value) => new ReadyAnswer(value));
    if (!this.live()) return building;
    this.answers.set(key, building);
    const forget = () => {
      if (this.answers.get(key) === building) this.drop(key);
    };
    // Failures (a 404, a lost connection) are not kept; nor is an answer a change overtook.
    building.then((answer) => {
      if (generation !== this.generation) return forget();
      if (this.answers.get(key) !== building) return;
      this.built.set(key, { answer, peeked: false });
      this.weights.set(key, answer.weight);
      this.weight += answer.weight;
      this.evict();
    }, forget);
    this.evict();
    return building;
  }

  /**
   * The answer kept under `key` if it is built, without waiting or building: what a request can be
   * answered with before any other work (lib/route.ts, `kept`). Undefined sends it the long way.
   */
  peek<T>(key: string): ReadyAnswer<T> | undefined {
    const entry = this.built.get(key);
    if (!entry) return undefined;
    entry.peeked = true;
    return entry.answer as ReadyAnswer<T>;
  }

  /** Most recently used last, so the oldest is evicted first. */
  private touch(key: string, kept: Promise<ReadyAnswer<unknown>>): void {
    this.answers.delete(key);
    this.answers.set(key, kept);
  }

  /** Least recently used first (peeked ones get a second chance), until both bounds hold (the newest answer always stays). */
  private evict(): void {
    while (this.answers.size > 1 && (this.answers.size > MAX_ANSWERS || this.weight > this.maxBytes)) {
      const oldest = this.answers.keys().next().value!;
      const entry = this.built.get(oldest);
      if (entry?.peeked) {
        entry.peeked = false;
        this.touch(oldest, this.answers.get(oldest)!);
      } else {
        this.drop(oldest);
      }
    }
  }

  private drop(key: string): void {
    this.answers.delete(key);
    this.built.delete(key);
    this.weight -= this.weights.get(key) ?? 0;
    this.weights.delete(key);
  }
}

/**
 * The answers every anonymous home view starts with, kept by the read model: the route handlers
 * send them, and the web module writes them into the HTML of `/` so the first render needs no call.
 */
export interface AnonymousHomeAnswers {
  homepage(): Promise<ReadyAnswer<Category[]>>;
  category(id: string): Promise<ReadyAnswer<CategoryData>>;
}

/** Where the read model keeps each shared answer. */
const keys = {
  homepage: 'homepage',
  category: (id: string) => `category:${id}`,
  similar: (kind: ContentKind, titleId: string) => `similar:${kind}:${titleId}`,
};

export function anonymousHomeAnswers(deps: { db: Executor; playback: PlaybackDeps; readModel: CatalogReadModel }): AnonymousHomeAnswers {
  const anonymous: ViewerContext = { playback: deps.playback, access: null, profileId: null, sessionId: null };
  return {
    homepage: () => deps.readModel.get(keys.homepage, async () => api.homepage.response.parse(await listCategories(deps.db))),
    category: (id) =>
      deps.readModel.get(keys.category(id), async () => api.categoryData.response.parse(await getCategoryData(deps.db, anonymous, id))),
  };
}

/**
 * A movie page as a visitor gets it (`GET /movie-name/:name` without a session): the title's kept
 * shared part (the read model keeps it under the route's key) with an anonymous viewer's access and
 * links, checked against the contract as the route's answer is. The links are signed per answer, so
 * it is built for each page, not kept.
 */
export function anonymousMovie(deps: { db: Executor; playback: PlaybackDeps; readModel: CatalogReadModel }): (slug: string) => Promise<Movie> {
  const anonymous: ViewerContext = { playback: deps.playback, access: null, profileId: null, sessionId: null };
  return async (slug) => {
    const basis = await deps.readModel.get(`movie:${slug}`, () => titleBasis(deps.db, { kind: 'movie', slug }));
    return api.movie.response.parse(await getMovie(deps.db, anonymous, basis.value));
  };
}

/** Kept answers that are not pages of their own: similar rows, and every enabled title's age limit. */
export interface SharedAnswers extends AnonymousHomeAnswers {
  similar(kind: ContentKind, titleId: string): Promise<ReadyAnswer<RowItem[]>>;
  /** What filters shared answers down to a profile with an age limit (one kept map, not a query per request). */
  ageLimits(): Promise<Map<string, number>>;
  /** The same answers when they are built, undefined otherwise (`CatalogReadModel.peek`). */
  kept: {
    homepage(): ReadyAnswer<Category[]> | undefined;
    category(id: string): ReadyAnswer<CategoryData> | undefined;
    similar(kind: ContentKind, titleId: string): ReadyAnswer<RowItem[]> | undefined;
  };
}

export function sharedAnswers(deps: { db: Executor; playback: PlaybackDeps; readModel: CatalogReadModel }): SharedAnswers {
  const endpoints = { movie: api.similarMovies, series: api.similarSeries } as const;
  return {
    ...anonymousHomeAnswers(deps),
    similar: (kind, titleId) =>
      deps.readModel.get(keys.similar(kind, titleId), async () => endpoints[kind].response.parse(await listSimilarCards(deps.db, { kind, titleId }))),
    ageLimits: async () => (await deps.readModel.get('age-limits', () => titleAgeLimits(deps.db))).value,
    kept: {
      homepage: () => deps.readModel.peek(keys.homepage),
      category: (id) => deps.readModel.peek(keys.category(id)),
      similar: (kind, titleId) => deps.readModel.peek(keys.similar(kind, titleId)),
    },
  };
}
