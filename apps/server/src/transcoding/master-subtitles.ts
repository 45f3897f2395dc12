import { basename } from 'node:path';
import type { SubtitleTrack } from '../db/schema/media.table';
import type { MediaStorage } from '../storage/storage';
import { SUBTITLE_GROUP, subtitleMedia, wholeFilePlaylist, type SubtitleRendition } from './hls-playlists';

/**
 * A stored master playlist with its subtitle renditions replaced by `subtitles`: every other line
 * (audio, video renditions, their attributes) is kept as the transcode wrote it. Lets the console
 * add or remove a subtitle track without packaging the video again.
 */
export function withSubtitleRenditions(master: string, subtitles: SubtitleRendition[]): string {
  const lines = master.split('\n').filter((line) => !(line.startsWith('#EXT-X-MEDIA:') && line.includes('TYPE=SUBTITLES')));
  const group = subtitles.length > 0 ? `,SUBTITLES="${SUBTITLE_GROUP}"` : '';
  const out: string[] = [];
  let offered = false;
  for (const line of lines) {
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      if (!offered) out.push(...subtitles.map(subtitleMedia));
      offered = true;
      out.push(line.replace(/,SUBTITLES="[^"]*"/, '') + group);
    } else {
      out.push(line);
    }
  }
  return out.join('\n');
}

/**
 * The tracks viewers are offered: every uploaded track, then the source's tracks in the languages
 * no upload covers (an operator's upload is how a poor source track is corrected).
 */
export function offeredSubtitles(asset: { subtitles: SubtitleTrack[]; uploadedSubtitles: SubtitleTrack[] }): SubtitleTrack[] {
  const uploaded = new Set(asset.uploadedSubtitles.map((track) => track.lang));
  return [...asset.uploadedSubtitles, ...asset.subtitles.filter((track) => !uploaded.has(track.lang))];
}

/** The one-file media playlist beside each WebVTT file: `subtitles/en.vtt` → `subtitles/en.m3u8`. */
export function subtitlePlaylistKey(vttKey: string): string {
  return vttKey.replace(/\.vtt$/, '.m3u8');
}

/**
 * Offers a packaged video's current subtitle tracks in its stored master playlist: a one-file
 * playlist beside each uploaded WebVTT file, then the master rewritten (playlists revalidate, so
 * players get it on their next load). Nothing to do for a video not packaged yet: its transcode
 * calls this when it finishes.
 */
export async function publishSubtitles(
  area: MediaStorage,
  asset: { storagePrefix: string; durationSeconds: number | null; subtitles: SubtitleTrack[]; uploadedSubtitles: SubtitleTrack[] },
): Promise<void> {
  const masterKey = `${asset.storagePrefix}/master.m3u8`;
  const master = await area.read(masterKey);
  if (!master || asset.durationSeconds === null) return;
  for (const track of asset.uploadedSubtitles) {
    const playlist = wholeFilePlaylist({ uri: basename(track.key), durationSeconds: asset.durationSeconds });
    await area.put(`${asset.storagePrefix}/${subtitlePlaylistKey(track.key)}`, Buffer.from(playlist));
  }
  const renditions = offeredSubtitles(asset).map((track) => ({ language: track.lang, name: track.label, playlist: subtitlePlaylistKey(track.key) }));
  await area.put(masterKey, Buffer.from(withSubtitleRenditions(master.toString('utf8'), renditions)));
}
