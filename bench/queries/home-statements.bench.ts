import type { FastifyInstance } from 'fastify';
import { buildApp } from '@marquee/server/src/app';
import { openBenchDatabase, type BenchDatabase } from '../lib/bench-database';
import { printTable } from '../lib/report';
import { signInViewer } from '../lib/sign-in';
import { countTitles, growCatalogue, seedCatalogue } from '../seed/catalogue.seed';
import { seedHome } from '../seed/home.seed';

export interface StatementsOptions {
  /** Catalogue sizes, smaller first: the same database grows from one to the other. */
  sizes: [number, number];
}

export const DEFAULT_STATEMENTS: StatementsOptions = { sizes: [1_000, 100_000] };

/** The calls the web app makes to draw the home page (behaviour.md §7): the category list, the header's settings, the first category. */
const HOME_VIEW = ['/user/homepage', '/settings/display'];

interface ViewCount {
  statements: number;
  sql: string[];
}

interface SizeResult {
  titles: number;
  /** A fresh server's first view (nothing built yet), then the next one. */
  anonymous: { first: ViewCount; next: ViewCount };
  signedIn: { first: ViewCount; next: ViewCount };
}

/**
 * SQL statements one home view costs (category list + display settings + the first category's
 * data), anonymous and signed in, on a fresh server and on the next view, at two catalogue sizes.
 * Counted at the database handle, so every statement the app sends is seen, whichever module sends it.
 */
export async function runStatementsBenchmark(options: StatementsOptions) {
  const seen: string[] = [];
  const database = await openBenchDatabase({ onQuery: (sql) => seen.push(sql) });
  try {
    const [small, large] = options.sizes;
    console.log(`\n[statements] ${database.label}: seeding ${small} titles and the home page...`);
    await seedCatalogue({ handle: database.handle, titles: small });
    await seedHome({ handle: database.handle });
    const results: SizeResult[] = [await measureSize(database, seen)];
    console.log(`[statements] growing the catalogue to ${large} titles...`);
    await growCatalogue({ handle: database.handle, titles: large });
    results.push(await measureSize(database, seen));
    return report({ results, label: database.label });
  } finally {
    await database.close();
  }
}

async function measureSize(database: BenchDatabase, seen: string[]): Promise<SizeResult> {
  const count = async (app: FastifyInstance, token?: string): Promise<ViewCount> => {
    seen.length = 0;
    await homeView(app, token);
    return { statements: seen.length, sql: [...seen] };
  };
  // A new app per viewer kind: its first view finds nothing prepared by the other kind's views.
  const anonymousApp = await buildApp({ config: database.config, db: database.handle.db });
  const signedInApp = await buildApp({ config: database.config, db: database.handle.db });
  try {
    const token = await signInViewer(signedInApp, `statements-${Date.now()}@bench.example`);
    return {
      titles: await countTitles(database.handle),
      anonymous: { first: await count(anonymousApp), next: await count(anonymousApp) },
      signedIn: { first: await count(signedInApp, token), next: await count(signedInApp, token) },
    };
  } finally {
    await anonymousApp.close();
    await signedInApp.close();
  }
}

/** What the web app asks for to draw home: every call must answer 200, or an error page would be counted. */
async function homeView(app: FastifyInstance, token?: string): Promise<void> {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const answers = await Promise.all(HOME_VIEW.map((url) => app.inject({ url })));
  const categories = answers[0]!.json<{ _id: string }[]>();
  const first = await app.inject({ url: `/user/category-data/${categories[0]!._id}`, headers });
  for (const answer of [...answers, first]) {
    if (answer.statusCode !== 200) throw new Error(`${answer.raw.req.url} answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
  }
}

function report(input: { results: SizeResult[]; label: string }) {
  printTable({
    title: `Statements per home view (category list + settings + first category): ${input.label}`,
    header: ['titles', 'anonymous first', 'anonymous next', 'signed in first', 'signed in next'],
    rows: input.results.map((r) => [r.titles, r.anonymous.first.statements, r.anonymous.next.statements, r.signedIn.first.statements, r.signedIn.next.statements]),
  });
  const summary = input.results.map(
    (r) =>
      `statements per home view at ${r.titles} titles, anonymous / signed in: ${r.anonymous.next.statements} / ${r.signedIn.next.statements}` +
      ` (a fresh server's first view: ${r.anonymous.first.statements} / ${r.signedIn.first.statements})`,
  );
  return { database: input.label, sizes: input.results, summary };
}
