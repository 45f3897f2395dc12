import { z } from 'zod';
import { id } from '../common';
import { isLanguageCode } from '../languages';
import { adminEndpoint, can } from './access';

/** An uploaded WebVTT file may weigh this much: a three-hour film's dialogue is about 200 KB. */
export const SUBTITLE_MAX_BYTES = 1024 * 1024;

/** A subtitle track's language, as the audio languages are named: a BCP 47 primary subtag ("en", "fr"). */
export const subtitleLanguage = z.string().trim().toLowerCase().refine(isLanguageCode, 'Unknown language code: use a two- or three-letter code such as en, fr or pt');

/** What the player's Subtitles menu shows for the track, e.g. "English (SDH)". */
export const subtitleLabel = z
  .string()
  .trim()
  .min(1, 'Give the track a label, e.g. English')
  .max(40, 'Label must be at most 40 characters')
  .regex(/^[^\p{Cc}<>"]*$/u, 'Label must not contain control characters, quotes or angle brackets');

/** The form fields sent with the WebVTT file (field `file`). */
export const subtitleFields = z.object({ lang: subtitleLanguage, label: subtitleLabel });
export type SubtitleFields = z.input<typeof subtitleFields>;

export const adminSubtitle = z.object({
  lang: z.string(),
  label: z.string(),
  /** `upload`: sent from the console (can be replaced or deleted); `video`: found in the source file. */
  origin: z.enum(['upload', 'video']),
  /** Cues in the file (uploads only; null for tracks of the source). */
  cues: z.number().int().nullable(),
  /** When an operator uploaded it (uploads only). */
  uploadedAt: z.string().nullable(),
  /** Hidden from viewers because an upload in the same language replaces it. */
  replaced: z.boolean(),
});
export type AdminSubtitle = z.infer<typeof adminSubtitle>;

export const videoSubtitles = z.object({ assetId: id, tracks: z.array(adminSubtitle) });
export type VideoSubtitles = z.infer<typeof videoSubtitles>;

const tags = ['admin: media'];
const byLanguage = z.object({ id, lang: subtitleLanguage });

export const subtitleEndpoints = {
  videoSubtitles: adminEndpoint({
    method: 'GET',
    path: '/admin/api/videos/:id/subtitles',
    summary: "A video's subtitle tracks: those uploaded in the console and those found in its source",
    tags,
    roles: can.readCatalog,
    params: z.object({ id }),
    response: videoSubtitles,
  }),
  addSubtitle: adminEndpoint({
    method: 'POST',
    path: '/admin/api/videos/:id/subtitles',
    summary:
      'Upload a WebVTT file (multipart: file, lang, label) as a new subtitle track, offered to viewers at once; 400 not WebVTT or unknown language, 409 the language already has an upload (replace it), 413 over 1 MiB',
    tags,
    roles: can.editCatalog,
    params: z.object({ id }),
    multipart: true,
    response: videoSubtitles,
  }),
  replaceSubtitle: adminEndpoint({
    method: 'PUT',
    path: '/admin/api/videos/:id/subtitles/:lang',
    summary: 'Replace an uploaded track with a new WebVTT file and label (multipart: file, label); 404 when the language has no upload',
    tags,
    roles: can.editCatalog,
    params: byLanguage,
    multipart: true,
    response: videoSubtitles,
  }),
  deleteSubtitle: adminEndpoint({
    method: 'DELETE',
    path: '/admin/api/videos/:id/subtitles/:lang',
    summary: 'Delete an uploaded track; a track of the source in that language is offered again',
    tags,
    roles: can.editCatalog,
    params: byLanguage,
    response: videoSubtitles,
  }),
};
