import type { Database } from '../../db/client';
import { renderMissingArtwork } from '../artwork/artwork-render';
import { demoArtworkJobs } from '../artwork/demo-artwork';
import { buildDemoCatalogue } from './demo-catalogue';
import { hasCatalogueContent, insertDemoCatalogue, lockSeeding, referencedImageUrls } from './seed-demo.repository';

/**
 * Fills an empty database with the demo catalogue and draws its artwork into `mediaDir`.
 *
 * A database that already has a category or a title is never written to; only the demo images it
 * still refers to and that are missing from `mediaDir` are redrawn (a deleted media directory, or a
 * restored database on a fresh disk). Safe to call on every start-up.
 */
export async function seedDemoCatalogue(options: {
  db: Database;
  mediaDir: string;
  log?: (msg: string) => void;
}): Promise<{ seeded: boolean }> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const catalogue = buildDemoCatalogue();
  const jobs = demoArtworkJobs(catalogue);

  if (await hasCatalogueContent(options.db)) {
    const referenced = await referencedImageUrls(options.db);
    const repaired = await renderMissingArtwork({ jobs: jobs.filter((job) => referenced.has(job.url)), mediaDir: options.mediaDir });
    if (repaired.rendered > 0) log(`Demo seed: database has content; redrew ${repaired.rendered} missing demo images`);
    return { seeded: false };
  }

  // Drawing runs on sharp's threads alongside a short transaction rather than inside it: the
  // embedded database has one connection, and holding it for the seconds drawing takes would stall
  // every other query. A crash between commit and the last image is repaired by the branch above.
  const [inserted, drawn] = await Promise.allSettled([
    options.db.transaction(async (tx) => {
      await lockSeeding(tx);
      // Checked again under the lock: another process may have seeded since the check above.
      if (await hasCatalogueContent(tx)) return false;
      await insertDemoCatalogue(tx, catalogue);
      return true;
    }),
    renderMissingArtwork({ jobs, mediaDir: options.mediaDir }),
  ]);
  if (inserted.status === 'rejected') throw inserted.reason;
  if (drawn.status === 'rejected') throw drawn.reason;
  if (!inserted.value) return { seeded: false };
  const artwork = drawn.value;

  const movies = catalogue.titles.filter((title) => title.kind === 'movie').length;
  log(
    `Demo seed: ${movies} movies, ${catalogue.titles.length - movies} series, ${catalogue.categories.length} categories; ` +
      `${artwork.rendered} images (${Math.round(artwork.bytes / 1024)} KiB) in ${Math.round(performance.now() - started)} ms`,
  );
  return { seeded: true };
}
