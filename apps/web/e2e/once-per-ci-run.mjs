// Which end-to-end specs the PostgreSQL pass of CI (.ci/run) runs again. .ci/run sets
// CI_BROWSER_ONLY_E2E_SPECS_PASSED on that pass once the PGlite pass ran every spec; anywhere
// else (a developer's `npm test`, with or without DATABASE_URL) every spec runs.
//
// The rule: a spec is listed here when its subject is the page in the browser (layout, the
// markup axe reads, typing and the URL, the player's controls, browsing the catalogue as a
// visitor). The server answers it with catalogue reads the server tests run on PostgreSQL too, so
// the database cannot change its outcome. A listed spec may sign a viewer up or pay on its way to
// a page, but that flow is the subject of a spec that runs on both passes. A spec whose subject
// is what the server keeps for a viewer (sign-up and sign-in, payments, watchlist, profiles,
// progress, the console, streams) is never listed, and neither is a new spec until someone reads
// it and adds it with a reason: unlisted specs run on both passes.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const BROWSER_ONLY_SPECS = {
  'browse-a11y.spec.ts': "axe on each page's markup (its checkout is billing.spec.ts's subject)",
  'browse-home.spec.ts': 'banners, rows and categories drawn from the catalogue, as a visitor',
  'browse-mobile.spec.ts': "the phone layout's top bar, skeletons and overflow",
  'browse-pages.spec.ts': 'View All, policy pages, the contact form and error pages',
  'browse-search.spec.ts': 'the search box: typing, the URL and the drop-down',
  'browse-title.spec.ts': 'the movie and series pages, as a visitor',
  'layout.spec.ts': 'the header at several widths and failed code downloads',
  'staging.spec.ts': 'the test-mode ribbon; the staging server always uses its own embedded database',
  'third-party.spec.ts': "a visitor plays the partner's trailer (the feed import is the server tests' subject)",
  'viewer-polish.spec.ts': "sizes and lines of text measured in the page (the flows on the way are account's, billing's and playback's)",
};

/**
 * The specs this pass leaves out, each with its reason: none unless CI_BROWSER_ONLY_E2E_SPECS_PASSED
 * and DATABASE_URL are both set. Stops the run when the list names a spec that no longer exists.
 */
export function specsSkippedOnThisPass(specsDir, env) {
  if (!env.CI_BROWSER_ONLY_E2E_SPECS_PASSED || !env.DATABASE_URL) return [];
  const missing = Object.keys(BROWSER_ONLY_SPECS).filter((name) => !existsSync(join(specsDir, name)));
  if (missing.length > 0) throw new Error(`e2e/once-per-ci-run.mjs lists specs that do not exist: ${missing.join(', ')}`);
  return Object.entries(BROWSER_ONLY_SPECS).map(([spec, reason]) => ({ spec, reason }));
}
