/**
 * `npm run ingest -- <file> --movie <slug> [--trailer]`, `--series <slug> --episode <n>` or
 * `--series <slug> --trailer`: stores a source video, links it and queues its transcode. The
 * workers (in the server, or `npm run worker`) do the transcoding.
 */
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfigWithMedia, loadDotEnv } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { DataDirInUseError } from '../db/data-dir-lock';
import { MediaToolsUnavailableError } from '../transcoding/ffmpeg-binaries';
import { NotAVideoError, probeMedia } from '../transcoding/probe';
import { mediaStoreFromConfig } from '../storage/store-from-config';
import { ingestVideo, type IngestTarget } from '../modules/ingest/ingest.service';
import { DomainError } from '../lib/domain-errors';

const USAGE = `Usage:
  npm run ingest -- <file> --movie <slug> [--trailer]
  npm run ingest -- <file> --series <slug> --episode <number>
  npm run ingest -- <file> --series <slug> --trailer`;

export function parseIngestArgs(argv: string[]): { file: string; target: IngestTarget } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { movie: { type: 'string' }, series: { type: 'string' }, episode: { type: 'string' }, trailer: { type: 'boolean', default: false } },
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new UsageError('Give exactly one source file.');
  if (Boolean(values.movie) === Boolean(values.series)) throw new UsageError('Give either --movie or --series.');
  if (values.movie) {
    if (values.episode !== undefined) throw new UsageError('--episode goes with --series.');
    return { file: resolve(file), target: { movie: values.movie, role: values.trailer ? 'trailer' : 'video' } };
  }
  const series = values.series!;
  if (values.trailer) {
    if (values.episode !== undefined) throw new UsageError('Give --episode or --trailer, not both.');
    return { file: resolve(file), target: { series, role: 'trailer' } };
  }
  const episode = Number(values.episode);
  if (!Number.isInteger(episode) || episode < 1) throw new UsageError('--episode must be a positive whole number.');
  return { file: resolve(file), target: { series, episode } };
}

class UsageError extends Error {}

async function main(): Promise<void> {
  loadDotEnv();
  const { file, target } = parseIngestArgs(process.argv.slice(2));
  await access(file);
  // The source is probed here: in production, by a maintained ffprobe only (config-media.ts).
  const { config, media } = await loadConfigWithMedia();
  if (!media.tools) throw new MediaToolsUnavailableError(media.unavailable);
  const tools = media.tools;
  // Refuse what is not a video before anything is stored or queued.
  const probe = await probeMedia(tools, file);
  const database = await openDatabase(config.database);
  try {
    await migrateDatabase(database);
    const { assetId, jobId } = await ingestVideo({ db: database.db, store: mediaStoreFromConfig(config), tools: async () => tools }, { file, target });
    process.stdout.write(
      `Queued ${file} (${Math.round(probe.durationSeconds)} s, ${probe.width}×${probe.height}) as asset ${assetId}, transcode job ${jobId}.\n`,
    );
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    const known = error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof DomainError ||
      error instanceof NotAVideoError;
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${message}\n${error instanceof UsageError ? `${USAGE}\n` : ''}`);
    process.exit(known ? 2 : 1);
  });
}
