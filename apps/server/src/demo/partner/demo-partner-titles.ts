import type { Mood } from '../artwork/artwork-palette';

/**
 * The demo partner, Lanternfish Films: a small distributor whose catalogue arrives as a Media RSS
 * feed, the way a video platform exports one. Served by our own server (modules/third-party/
 * demo-partner.routes.ts) and ingested over HTTP like any partner's feed.
 */
export interface DemoPartnerTitle {
  guid: string;
  slug: string;
  title: string;
  description: string;
  collection: 'Festival Favourites' | 'Wild Planet' | 'Midnight Classics';
  mood: Mood;
  tagline: string;
  minutes: number;
  /** MPAA rating (media:rating scheme urn:mpaa). */
  rating: 'g' | 'pg' | 'pg-13' | 'r';
  /** Subscription titles carry a media:price; the others are free. */
  subscription: boolean;
  published: string;
  credits: [string, string][];
  lang: string;
}

export const DEMO_PARTNER_NAME = 'Lanternfish Films';

export const demoPartnerTitles: DemoPartnerTitle[] = (
  [
  {
    guid: 'lf-0001',
    title: 'Paper Boats',
    collection: 'Festival Favourites',
    mood: 'drama',
    tagline: 'Two sisters, one river, one summer.',
    minutes: 94,
    rating: 'pg',
    subscription: false,
    published: '2026-10-30',
    credits: [['Ines Carvalho', 'director'], ['Mara Lind', 'actor']],
    lang: 'pt',
    description: 'Two sisters build paper boats to race down the river that divides their village, and learn what the current carries away.',
  },
  {
    guid: 'lf-0002',
    title: 'The Quiet Hour',
    collection: 'Festival Favourites',
    mood: 'romance',
    tagline: 'Some conversations only happen at 4 a.m.',
    minutes: 101,
    rating: 'pg-13',
    subscription: true,
    published: '2026-10-12',
    credits: [['Yusuf Demir', 'director'], ['Clara Voss', 'actor']],
    lang: 'de',
    description: 'A night-shift radio host and a caller who never gives her name keep each other company through one long winter.',
  },
  {
    guid: 'lf-0003',
    title: 'Salt Roads',
    collection: 'Festival Favourites',
    mood: 'documentary',
    tagline: 'Follow the salt.',
    minutes: 88,
    rating: 'g',
    subscription: false,
    published: '2026-09-21',
    credits: [['Amara Okafor', 'director']],
    lang: 'en',
    description: 'The caravans that still cross the desert with slabs of salt, filmed over a year on the road.',
  },
  {
    guid: 'lf-0004',
    title: 'Small Hours Diner',
    collection: 'Festival Favourites',
    mood: 'comedy',
    tagline: 'Open all night. Unfortunately.',
    minutes: 97,
    rating: 'pg-13',
    subscription: true,
    published: '2026-08-30',
    credits: [['Theo Park', 'director'], ['June Okada', 'actor']],
    lang: 'en',
    description: 'The worst diner on the interstate gets one night to impress a food critic, and everything that can burn does.',
  },
  {
    guid: 'lf-0005',
    title: 'Borrowed Light',
    collection: 'Festival Favourites',
    mood: 'drama',
    tagline: 'A lighthouse keeper\u2019s last season.',
    minutes: 112,
    rating: 'pg',
    subscription: true,
    published: '2026-07-14',
    credits: [['Sofia Brandt', 'director'], ['Elias Moreau', 'actor']],
    lang: 'fr',
    description: 'The last keeper of an automated lighthouse refuses to leave, and the village decides to let him stay.',
  },
  {
    guid: 'lf-0006',
    title: 'Kingdom of Moss',
    collection: 'Wild Planet',
    mood: 'seaside',
    tagline: 'The smallest forest on Earth.',
    minutes: 52,
    rating: 'g',
    subscription: false,
    published: '2026-10-25',
    credits: [['Hanna Kask', 'director']],
    lang: 'en',
    description: 'A macro-lens journey through a single square metre of northern forest floor, across four seasons.',
  },
  {
    guid: 'lf-0007',
    title: 'Tide Walkers',
    collection: 'Wild Planet',
    mood: 'seaside',
    tagline: 'Between two tides, a whole world.',
    minutes: 58,
    rating: 'g',
    subscription: false,
    published: '2026-09-02',
    credits: [['Rui Tanaka', 'director']],
    lang: 'ja',
    description: 'The creatures of the intertidal zone have six hours to feed, fight and hide before the sea returns.',
  },
  {
    guid: 'lf-0008',
    title: 'The Long Migration',
    collection: 'Wild Planet',
    mood: 'documentary',
    tagline: 'Eleven thousand kilometres, no maps.',
    minutes: 64,
    rating: 'g',
    subscription: true,
    published: '2026-08-08',
    credits: [['Nadia Haddad', 'director']],
    lang: 'en',
    description: 'A tagged flock of bar-tailed godwits flies from Alaska to New Zealand without stopping once.',
  },
  {
    guid: 'lf-0009',
    title: 'Night Garden',
    collection: 'Wild Planet',
    mood: 'fantasy',
    tagline: 'What blooms after dark.',
    minutes: 49,
    rating: 'g',
    subscription: true,
    published: '2026-06-19',
    credits: [['Leo Brennan', 'director']],
    lang: 'en',
    description: 'Infrared cameras follow the moths, bats and flowers that keep a garden busy from dusk until dawn.',
  },
  {
    guid: 'lf-0010',
    title: 'Shadow Ledger',
    collection: 'Midnight Classics',
    mood: 'thriller',
    tagline: 'Every debt gets paid.',
    minutes: 104,
    rating: 'r',
    subscription: true,
    published: '2026-10-05',
    credits: [['Victor Hale', 'director'], ['Iris Kane', 'actor']],
    lang: 'en',
    description: 'An accountant for the wrong people finds one entry that does not add up, and it has her name on it.',
  },
  {
    guid: 'lf-0011',
    title: 'The Hollow Stair',
    collection: 'Midnight Classics',
    mood: 'horror',
    tagline: 'Count the steps. Then count again.',
    minutes: 92,
    rating: 'r',
    subscription: true,
    published: '2026-09-13',
    credits: [['Agnes Roth', 'director'], ['Milo Finch', 'actor']],
    lang: 'en',
    description: 'A restorer hired to save an old townhouse finds a staircase with one more step going down than coming up.',
  },
  {
    guid: 'lf-0012',
    title: 'Starwake',
    collection: 'Midnight Classics',
    mood: 'scifi',
    tagline: 'The signal was never meant for us.',
    minutes: 118,
    rating: 'pg-13',
    subscription: false,
    published: '2026-08-21',
    credits: [['Omar Siddiq', 'director'], ['Lena Sorel', 'actor']],
    lang: 'en',
    description: 'The crew of a listening station decodes a message from a dead star, and realises it is an answer.',
  },
  {
    guid: 'lf-0013',
    title: 'Velvet Getaway',
    collection: 'Midnight Classics',
    mood: 'action',
    tagline: 'One heist. One night. No second take.',
    minutes: 99,
    rating: 'pg-13',
    subscription: false,
    published: '2026-07-01',
    credits: [['Marco Bellini', 'director'], ['Ava Sterling', 'actor']],
    lang: 'it',
    description: 'A retired getaway driver is pulled back for one last job through the streets of Turin.',
  },
  ] satisfies Omit<DemoPartnerTitle, 'slug'>[]
).map((title) => ({ ...title, slug: slugOf(title.title) }));

function slugOf(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
