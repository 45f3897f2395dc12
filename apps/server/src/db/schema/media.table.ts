import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const assetAccess = pgEnum('asset_access', ['public', 'private']);
export const assetStatus = pgEnum('asset_status', ['pending', 'processing', 'ready', 'failed']);

export interface Rendition {
  name: string;
  width: number;
  height: number;
  /** Peak and average bits per second, as the master playlist states them. */
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
  playlist: string;
}

/** Where the packager found the intro's end and the credits (seconds); operators confirm or correct them. */
export interface SuggestedMarkers {
  introStart: number | null;
  introEnd: number | null;
  creditsStart: number | null;
}

/** An operator's markers for a video (seconds); each range has both ends or neither. */
export interface VideoMarkerSet {
  introStart: number | null;
  introEnd: number | null;
  recapStart: number | null;
  recapEnd: number | null;
  creditsStart: number | null;
}

export interface SubtitleTrack {
  lang: string;
  label: string;
  /** Storage key of the WebVTT file. */
  key: string;
}

/** A WebVTT file an operator uploaded for a video, kept apart from the source's so a transcode never drops it. */
export interface UploadedSubtitle extends SubtitleTrack {
  cues: number;
  /** ISO timestamp. */
  uploadedAt: string;
}

/**
 * A video as the pipeline produced it: an HLS ladder under `storagePrefix`, with its poster,
 * seek thumbnails and subtitles. Public assets (trailers) are served to anyone; private ones
 * (full titles, episodes) only through signed URLs.
 */
export const mediaAssets = pgTable('media_assets', {
  id: uuid('id').primaryKey().defaultRandom(),
  access: assetAccess('access').notNull(),
  status: assetStatus('status').notNull().default('pending'),
  /** Where the uploaded source is kept until it is transcoded. */
  sourceKey: text('source_key').notNull(),
  storagePrefix: text('storage_prefix').notNull(),
  durationSeconds: integer('duration_seconds'),
  width: integer('width'),
  height: integer('height'),
  hasAudio: boolean('has_audio'),
  renditions: jsonb('renditions').$type<Rendition[]>().notNull().default([]),
  posterKey: text('poster_key'),
  thumbnailsKey: text('thumbnails_key'),
  /** The source's own text tracks, as the last transcode made them. */
  subtitles: jsonb('subtitles').$type<SubtitleTrack[]>().notNull().default([]),
  /** Uploaded in the console, one per language; each replaces the source's tracks of its language. */
  uploadedSubtitles: jsonb('uploaded_subtitles').$type<UploadedSubtitle[]>().notNull().default([]),
  /** Languages of the alternate audio renditions, in master-playlist order (empty: one muxed track). */
  audioLanguages: jsonb('audio_languages').$type<string[]>().notNull().default([]),
  suggestedMarkers: jsonb('suggested_markers').$type<SuggestedMarkers>(),
  /** Set by an operator; viewers get these, else the suggestion. */
  markers: jsonb('markers').$type<VideoMarkerSet>(),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 'cancelled': stopped by an operator; never run again unless retried (modules/admin-ops). */
export const jobStatus = pgEnum('job_status', ['queued', 'running', 'succeeded', 'failed', 'cancelled']);

/**
 * The durable job queue. A worker claims a job with `FOR UPDATE SKIP LOCKED` and holds a lease it
 * renews while working; a job whose lease ran out (its worker died) is claimed again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: jobStatus('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    progress: integer('progress').notNull().default(0),
    lastError: text('last_error'),
    /** Jobs with the same key are not queued twice while one is pending (see jobs/queue.ts). */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_claim_idx').on(t.runAt).where(sql`${t.status} in ('queued', 'running')`),
    index('jobs_dedupe_idx').on(t.dedupeKey).where(sql`${t.status} in ('queued', 'running')`),
  ],
);
