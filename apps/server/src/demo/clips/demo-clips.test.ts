import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIP_VARIANTS, demoSubtitlesVtt, generateDemoClip } from './demo-clips';
import { resolveMediaTools, type MediaTools } from '../../transcoding/ffmpeg-binaries';
import { probeMedia } from '../../transcoding/probe';

let workDir: string;
let tools: MediaTools;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'marquee-demo-test-'));
  tools = await resolveMediaTools();
});

afterAll(() => rm(workDir, { recursive: true, force: true }));

describe('generateDemoClip', () => {
  it.each(DEMO_CLIP_VARIANTS)('makes a %s clip of the asked size and length with a tone', async (variant) => {
    const output = join(workDir, `${variant}.mp4`);
    // Small and short: this checks the filter graphs, not the encoder.
    await generateDemoClip(tools, { output, variant, durationSeconds: 2, title: 'A <Very> Long & "Quoted" Demo Title', width: 320, height: 180 });
    expect(await probeMedia(tools, output)).toEqual({
      durationSeconds: expect.closeTo(2, 1) as number,
      width: 320,
      height: 180,
      fps: 30,
      hasAudio: true,
      videoCodec: 'h264',
      audioStreams: [{ language: 'und', isDefault: true }],
      subtitleStreams: [],
    });
  });
});

describe('demoSubtitlesVtt', () => {
  it('writes English cues every 5 s that end within the clip', () => {
    const vtt = demoSubtitlesVtt(12);
    expect(vtt).toBe(
      [
        'WEBVTT',
        '',
        '00:00:00.500 --> 00:00:04.500',
        'Welcome to Marquee.',
        '',
        '00:00:05.500 --> 00:00:09.500',
        'This is a demo clip, made from test patterns.',
        '',
        '00:00:10.500 --> 00:00:12.000',
        'The sound you hear was generated, not recorded.',
        '',
      ].join('\n'),
    );
  });
});
