import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSubtitlesVtt, generateDemoClip } from '../demo/clips/demo-clips';
import { MediaToolsUnavailableError, resolveMediaTools, shippedToolPaths, type MediaTools } from './ffmpeg-binaries';
import { parseVariantPlaylist } from './hls-playlists';
import { packageVideo, type PackagedVideo } from './package-hls';
import { NotAVideoError, probeMedia } from './probe';
import { makeSeekThumbnails } from './thumbnails';
import { runTool } from './run-tool';
import { transcodeHls } from './transcode-hls';

// The maintained ffmpeg the site runs (Debian's 5.1 on PATH; CI installs it), and the npm-shipped
// 2018 build that development falls back to for the demo clips without it (decision 012).
const shipped = shippedToolPaths();
const toolsets = [
  { name: 'system ffmpeg', ffmpegPath: undefined, ffprobePath: undefined },
  { name: 'npm-shipped fallback', ffmpegPath: shipped.ffmpeg, ffprobePath: shipped.ffprobe },
];
const SLOW = 240_000;

let workDir: string;
const sources = { hd: '', sd: '', text: '', multi: '' };

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'marquee-pipeline-'));
  const tools = await resolveMediaTools();
  sources.hd = join(workDir, 'hd.mp4');
  sources.sd = join(workDir, 'sd-silent.mp4');
  sources.text = join(workDir, 'notes.mp4');
  sources.multi = join(workDir, 'multi.mp4');
  await Promise.all([
    generateDemoClip(tools, {
      output: sources.multi,
      variant: 'color-bars',
      durationSeconds: 12,
      title: 'Deux langues',
      width: 640,
      height: 360,
      audioLanguages: ['eng', 'fre'],
      subtitles: [
        { language: 'eng', vtt: demoSubtitlesVtt(12, 'eng') },
        { language: 'spa', vtt: demoSubtitlesVtt(12, 'spa') },
      ],
      breaks: [
        { start: 3, end: 4 },
        { start: 9.5, end: 10.5 },
      ],
    }),
    generateDemoClip(tools, { output: sources.hd, variant: 'color-bars', durationSeconds: 12, title: 'Test Card' }),
    generateDemoClip(tools, { output: sources.sd, variant: 'color-bars', durationSeconds: 6, title: 'Quiet', width: 854, height: 480, audio: false }),
    writeFile(sources.text, 'These are meeting notes, not a video.\n'),
  ]);
}, SLOW);

afterAll(() => rm(workDir, { recursive: true, force: true }));

describe('resolveMediaTools', () => {
  it('uses configured paths and reports the version and what the build supports', async () => {
    const tools = await resolveMediaTools({ ffmpegPath: shipped.ffmpeg, ffprobePath: shipped.ffprobe });
    expect(tools.source).toEqual({ ffmpeg: 'config', ffprobe: 'config' });
    expect(tools.version).toMatch(/^ffmpeg version /);
    expect(tools).toMatchObject({ supported: true, missing: [] });
  });

  it('names the tools found on PATH by their path, with the libavcodec that says their release', async () => {
    const tools = await resolveMediaTools({ searchPath: '/nonexistent:/usr/bin' });
    expect(tools).toMatchObject({ ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe', source: { ffmpeg: 'path', ffprobe: 'path' } });
    // Debian 12's 5.1 is libavcodec 59.37; anything older would be refused in production.
    expect(tools.libavcodec.ffmpeg![0] * 1000 + tools.libavcodec.ffmpeg![1]).toBeGreaterThanOrEqual(59_037);
  });

  it('falls back to the npm-shipped build when PATH has none', async () => {
    const tools = await resolveMediaTools({ searchPath: '/nonexistent' });
    expect(tools).toMatchObject({ ffmpeg: shipped.ffmpeg, ffprobe: shipped.ffprobe, source: { ffmpeg: 'npm', ffprobe: 'npm' } });
    expect(tools.libavcodec.ffmpeg).toEqual([58, 42]);
  });

  it('refuses a configured path that does not run instead of silently using another ffmpeg', async () => {
    await expect(resolveMediaTools({ ffmpegPath: '/nonexistent/ffmpeg' })).rejects.toThrow(MediaToolsUnavailableError);
  });
});

describe.each(toolsets)('pipeline with $name', ({ name, ffmpegPath, ffprobePath }) => {
  let tools: MediaTools;
  let hd: PackagedVideo;
  let hdDir: string;
  const progress: number[] = [];
  const slug = name.replace(/\W+/g, '-');

  beforeAll(async () => {
    tools = await resolveMediaTools({ ffmpegPath, ffprobePath });
    hdDir = join(workDir, `hd-${slug}`);
    hd = await packageVideo(tools, { input: sources.hd, outputDir: hdDir, onProgress: (p) => progress.push(p) });
  }, SLOW);

  it('encodes a 720p source to a 360p/540p/720p H.264 + AAC ladder with aligned fMP4 segments, a 2 s first one then 4 s', async () => {
    expect(hd).toMatchObject({ width: 1280, height: 720, hasAudio: true });
    expect(hd.durationSeconds).toBeCloseTo(12, 0);
    expect(hd.renditions.map((r) => r.name)).toEqual(['360p', '540p', '720p']);

    const segmentLists: number[][] = [];
    for (const r of hd.renditions) {
      const streams = await probeStreams(tools, join(hdDir, r.playlist));
      expect(streams.video).toMatchObject({ codec_name: 'h264', profile: 'High', width: r.width, height: r.height });
      expect(streams.audio).toMatchObject({ codec_name: 'aac', profile: 'LC', channels: 2 });
      // CODECS must match the stream: High profile (0x64), and the level the encoder wrote.
      expect(r.codecs).toBe(`avc1.6400${streams.video!.level!.toString(16).padStart(2, '0')},mp4a.40.2`);

      const playlist = parseVariantPlaylist(await readFile(join(hdDir, r.playlist), 'utf8'));
      expect(existsSync(join(hdDir, r.name, playlist.initSegment!))).toBe(true);
      const durations = playlist.segments.map((s) => s.duration);
      expect(Math.max(...durations)).toBeLessThanOrEqual(4.05);
      expect(playlist.targetDuration).toBe(4);
      // A short first segment: the first frame needs half the bytes of a whole one.
      expect(durations[0]).toBeCloseTo(2, 1);
      for (const d of durations.slice(1, -1)) expect(d).toBeCloseTo(4, 1);
      segmentLists.push(durations);
      expect(r.averageBandwidth).toBeGreaterThan(0);
      expect(r.bandwidth).toBeGreaterThanOrEqual(r.averageBandwidth * 0.9);
    }
    // Keyframes forced on the same 2 s grid: every rendition is cut at the same instants.
    expect(new Set(segmentLists.map((d) => d.join()))).toHaveProperty('size', 1);
  });

  it('writes a master playlist naming every rendition with its measured bit rates', async () => {
    const master = await readFile(join(hdDir, 'master.m3u8'), 'utf8');
    // One audio track: muxed into each rendition, no alternate renditions or subtitles.
    expect(hd).toMatchObject({ audio: [], subtitles: [] });
    expect(master).not.toContain('#EXT-X-MEDIA');
    expect(master).toMatch(/^#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n/);
    for (const r of hd.renditions) {
      expect(master).toContain(
        `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${r.averageBandwidth},` +
          `RESOLUTION=${r.width}x${r.height},CODECS="${r.codecs}",FRAME-RATE=30.000\n${r.playlist}\n`,
      );
    }
    // Lists every file it wrote, playlists after everything they name and master.m3u8 last.
    const written = (await readdir(hdDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
    expect(hd.files).toHaveLength(written);
    expect(hd.files.at(-1)).toBe('master.m3u8');
    const firstPlaylist = hd.files.findIndex((f) => f.endsWith('.m3u8'));
    expect(hd.files.slice(firstPlaylist).every((f) => f.endsWith('.m3u8'))).toBe(true);
  });

  it('reports progress up to 100', () => {
    expect(progress.length).toBeGreaterThan(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);
  });

  it('makes a 1280 px WebP poster and a sprite with one 160×90 tile per 10 s', async () => {
    const poster = await sharp(join(hdDir, hd.posterFile)).metadata();
    expect(poster).toMatchObject({ format: 'webp', width: 1280, height: 720 });
    const sprite = await sharp(join(hdDir, 'sprite.jpg')).metadata();
    expect(sprite).toMatchObject({ format: 'jpeg', width: 320, height: 90 });

    const vtt = await readFile(join(hdDir, hd.thumbnailsFile), 'utf8');
    const cues = [...vtt.matchAll(/^(\S+) --> (\S+)\nsprite\.jpg#xywh=(\d+),(\d+),(\d+),(\d+)$/gm)];
    expect(vtt.startsWith('WEBVTT\n')).toBe(true);
    expect(cues.map((c) => [c[1], c[2], c.slice(3).join()])).toEqual([
      ['00:00:00.000', '00:00:10.000', '0,0,160,90'],
      ['00:00:10.000', '00:00:12.000', '160,0,160,90'],
    ]);
    // Two moments of the clip (5 s and 11 s in), not one frame repeated.
    expect(await tilesDiffer(join(hdDir, 'sprite.jpg'))).toBe(true);
    // The packager reads the lowest rendition's playlist, falling back to the source: check that path alone.
    const fromPlaylist = join(workDir, `thumbnails-${slug}`);
    await makeSeekThumbnails(tools, { input: join(hdDir, '360p/index.m3u8'), outputDir: fromPlaylist, durationSeconds: 12 });
    expect(await tilesDiffer(join(fromPlaylist, 'sprite.jpg'))).toBe(true);
  });

  it('gives a 480p source no rendition above 480p, and silent AAC when it has no audio', async () => {
    const outputDir = join(workDir, `sd-${slug}`);
    const sd = await packageVideo(tools, { input: sources.sd, outputDir });
    expect(sd.hasAudio).toBe(false);
    expect(sd.renditions.map((r) => r.height)).toEqual([240, 360, 480]);
    for (const r of sd.renditions) {
      const streams = await probeStreams(tools, join(outputDir, r.playlist));
      expect(streams.video?.height).toBe(r.height);
      expect(streams.audio?.codec_name).toBe('aac');
      expect(r.codecs).toMatch(/^avc1\.6400[0-9a-f]{2},mp4a\.40\.2$/);
    }
  }, SLOW);

  it('packages each audio language as an alternate rendition shared by every rung, with WebVTT subtitles and suggested markers', async () => {
    const outputDir = join(workDir, `multi-${slug}`);
    const multi = await packageVideo(tools, { input: sources.multi, outputDir });
    // The MP4's ISO 639-2 tags ("eng", "fre") become BCP 47 ("en", "fr"), named in their own language.
    expect(multi.audio).toEqual([
      { language: 'en', name: 'English', isDefault: true, playlist: 'audio-en/index.m3u8' },
      { language: 'fr', name: 'Français', isDefault: false, playlist: 'audio-fr/index.m3u8' },
    ]);
    expect(multi.subtitles).toEqual([
      { language: 'en', name: 'English', vttFile: 'subtitles/en.vtt' },
      { language: 'es', name: 'Español', vttFile: 'subtitles/es.vtt' },
    ]);

    // ffprobe reads the master playlist as one audio stream per language, shared by every rung.
    const { stdout } = await runTool({
      command: tools.ffprobe,
      args: ['-v', 'error', '-print_format', 'json', '-show_programs', join(outputDir, 'master.m3u8')],
    });
    const { programs } = JSON.parse(stdout.toString('utf8')) as { programs: { streams: (ProbedStream & { tags?: { language?: string } })[] }[] };
    expect(programs).toHaveLength(multi.renditions.length);
    for (const program of programs) {
      const audio = program.streams.filter((s) => s.codec_type === 'audio');
      expect(audio.map((s) => [s.codec_name, s.tags?.language])).toEqual([['aac', 'en'], ['aac', 'fr']]);
      expect(program.streams.filter((s) => s.codec_type === 'video')).toHaveLength(1);
    }
    // Video rungs carry no audio of their own; each audio rendition is audio only.
    for (const r of multi.renditions) expect((await probeStreams(tools, join(outputDir, r.playlist))).audio).toBeUndefined();
    for (const a of multi.audio) {
      const streams = await probeStreams(tools, join(outputDir, a.playlist));
      expect(streams).toMatchObject({ video: undefined, audio: { codec_name: 'aac', channels: 2 } });
    }

    const master = (await readFile(join(outputDir, 'master.m3u8'), 'utf8')).split('\n');
    expect(master.filter((l) => l.startsWith('#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio"'))).toHaveLength(2);
    expect(master.filter((l) => l.startsWith('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs"'))).toHaveLength(2);
    const variants = master.filter((l) => l.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants).toHaveLength(3);
    for (const line of variants) expect(line).toMatch(/,AUDIO="audio",SUBTITLES="subs"$/);
    // Every URI the master names exists, and every playlist it names lists files that exist.
    for (const uri of master.flatMap((l) => /URI="([^"]+)"/.exec(l)?.[1] ?? (l && !l.startsWith('#') ? l : []))) {
      const playlist = parseVariantPlaylist(await readFile(join(outputDir, uri), 'utf8'));
      expect(playlist.segments.length, uri).toBeGreaterThan(0);
      for (const file of [playlist.initSegment, ...playlist.segments.map((seg) => seg.uri)].filter(Boolean)) {
        expect(existsSync(join(outputDir, uri, '..', file!)), `${uri} → ${file}`).toBe(true);
      }
    }
    expect(await readFile(join(outputDir, 'subtitles/es.vtt'), 'utf8')).toMatch(/^WEBVTT[\s\S]*Bienvenidos a Marquee\./);

    // The black, silent breaks at 3–4 s and 9.5–10.5 s: the intro ends after the first, the credits after the last.
    expect(multi.markers.introStart).toBe(0);
    expect(multi.markers.introEnd).toBeCloseTo(4, 0);
    expect(multi.markers.creditsStart).toBeCloseTo(10.5, 0);
    expect(multi.files).toEqual(expect.arrayContaining(['audio-fr/index.m3u8', 'subtitles/en.vtt', 'subtitles/en.m3u8']));
    expect(multi.files.at(-1)).toBe('master.m3u8');
  }, SLOW);

  it('kills ffmpeg and rejects when aborted', async () => {
    const outputDir = join(workDir, `aborted-${slug}`);
    const controller = new AbortController();
    const started = Date.now();
    const run = transcodeHls(tools, { input: sources.hd, outputDir, signal: controller.signal, onProgress: () => controller.abort() });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await processesMentioning(outputDir)).toEqual([]);
    expect(existsSync(join(outputDir, 'master.m3u8'))).toBe(false);
  }, SLOW);

  it('reports the display size of a phone video stored rotated', async () => {
    const rotated = join(workDir, `rotated-${slug}.mp4`);
    const args = ['-v', 'error', '-y', '-i', sources.sd, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', rotated];
    await runTool({ command: tools.ffmpeg, args });
    expect(await probeMedia(tools, rotated)).toMatchObject({ width: 480, height: 854, hasAudio: false });
  });

  it('puts the end of ffmpeg\'s stderr into its errors', async () => {
    const failing = runTool({ command: tools.ffmpeg, args: ['-v', 'error', '-i', join(workDir, 'missing.mp4'), '-f', 'null', '-'] });
    await expect(failing).rejects.toThrow(/^ffmpeg exited with code 1:\n.*missing\.mp4: No such file or directory/);
  });

  it('rejects a file that is not a video with a clear error', async () => {
    await expect(probeMedia(tools, sources.text)).rejects.toThrow(NotAVideoError);
    await expect(packageVideo(tools, { input: sources.text, outputDir: join(workDir, 'never') })).rejects.toThrow(
      /^Not a video file we can read \(.+\)$/,
    );
  });
});

interface ProbedStream {
  codec_type: string;
  codec_name: string;
  profile?: string;
  level?: number;
  width?: number;
  height?: number;
  channels?: number;
}

async function probeStreams(tools: MediaTools, file: string) {
  const args = ['-v', 'error', '-print_format', 'json', '-show_streams', file];
  const { stdout } = await runTool({ command: tools.ffprobe, args });
  const { streams } = JSON.parse(stdout.toString('utf8')) as { streams: ProbedStream[] };
  return { video: streams.find((s) => s.codec_type === 'video'), audio: streams.find((s) => s.codec_type === 'audio') };
}

async function tilesDiffer(sprite: string): Promise<boolean> {
  const tile = (left: number) => sharp(sprite).extract({ left, top: 0, width: 160, height: 90 }).raw().toBuffer();
  return !(await tile(0)).equals(await tile(160));
}

/** Live processes whose command line contains `text` (Linux /proc). */
async function processesMentioning(text: string): Promise<string[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const hits = await Promise.all(
    pids.map(async (pid) => {
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      return cmdline.includes(text) ? pid : undefined;
    }),
  );
  return hits.filter((pid): pid is string => pid !== undefined);
}
