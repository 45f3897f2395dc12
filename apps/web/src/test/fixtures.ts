import type { Banner, Category, ContentRow, Episode, Movie, Notification, RowItem, Series, Session, SubscriptionPlan, User } from '@marquee/contract';

let counter = 0;

/** A valid, unique UUID (the contract checks the version and variant digits). */
export function uuid(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}

export function rowItem(overrides: Partial<RowItem> = {}): RowItem {
  const name = overrides.name ?? `Title ${counter + 1}`;
  return {
    _id: uuid(),
    kind: 'movie',
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''),
    name,
    isEnable: true,
    isFree: false,
    verticalBanner: `/media/images/${counter}-v.webp`,
    horizontalBanner: `/media/images/${counter}-h.webp`,
    genres: [],
    releaseYear: 2024,
    rating: 4,
    ...overrides,
  };
}

export function contentRow(overrides: Partial<ContentRow> & { items?: RowItem[] } = {}): ContentRow {
  const { items = [rowItem()], ...rest } = overrides;
  return {
    _id: uuid(),
    name: 'Trending',
    imageType: 'Horizontal',
    content: items.map((item) => ({ kind: item.kind, item })),
    ...rest,
  };
}

export function category(name: string): Category {
  return { _id: uuid(), name };
}

export function banner(overrides: Partial<Banner> = {}): Banner {
  return {
    _id: uuid(),
    isEnable: true,
    origin: 'Image',
    image: '/media/images/banner.webp',
    video: null,
    link: { kind: 'movie', item: { _id: uuid(), name: 'Banner Title', slug: 'banner-title', genres: [] } },
    ...overrides,
  };
}

const titleDefaults = () => ({
  _id: uuid(),
  slug: 'the-long-night',
  name: 'The Long Night',
  genres: [{ _id: uuid(), name: 'Drama' }],
  duration: 134,
  language: 'English',
  releaseYear: 2023,
  description: 'A short description.',
  ageLimit: 16,
  cast: [{ _id: uuid(), name: 'Ana Reyes', role: 'Lead', image: '/media/images/ana.webp' }],
  trailer: null,
  verticalBanner: '/media/images/v.webp',
  horizontalBanner: '/media/images/h.webp',
  isFree: false,
  isEnable: true,
  rating: 4.2,
});

export function movie(overrides: Partial<Movie> = {}): Movie {
  return { ...titleDefaults(), url: null, thumbnails: null, subtitles: [], markers: null, resume: null, ...overrides };
}

export function episode(overrides: Partial<Episode> = {}): Episode {
  return {
    _id: uuid(),
    number: 1,
    name: 'Pilot',
    description: '',
    duration: 48,
    thumbnail: '/media/images/ep.webp',
    url: null,
    thumbnails: null,
    subtitles: [],
    markers: null,
    ...overrides,
  };
}

export function series(overrides: Partial<Series> = {}): Series {
  return { ...titleDefaults(), slug: 'harbour-lights', name: 'Harbour Lights', poster: '/media/images/p.webp', episodes: [episode()], resume: null, ...overrides };
}

export function plan(overrides: Partial<SubscriptionPlan> = {}): SubscriptionPlan {
  return { _id: uuid(), title: 'Monthly', price: 9.99, validity: 30, description: '', ...overrides };
}

export function user(overrides: Partial<User> = {}): User {
  return { _id: uuid(), name: 'Ana Reyes', email: 'ana@example.com', phoneNumber: '', dob: '', image: '', role: 'viewer', ...overrides };
}

/** A login response, as the session store keeps it. */
export function session(overrides: Partial<User> = {}, token = 'token-ana'): Session {
  return { token, loginWith: 'email', user: user(overrides) };
}

export function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    _id: uuid(),
    title: 'New this week',
    description: 'Three new series arrived.',
    image: '/media/images/n.webp',
    date: '2025-03-14T12:00:00.000Z',
    isRead: false,
    ...overrides,
  };
}

/** An unsigned token shaped like an ID token: the client only reads its payload. */
export function fakeIdToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'ES256', typ: 'JWT' })}.${encode(claims)}.signature`;
}
