import { describe, expect, it } from 'vitest';
import { h264Level, planLadder } from './hls-ladder';
import { bandwidthsBySize, masterPlaylist, parseVariantPlaylist, peakSegmentBitRate, readAvc1CodecString, wholeFilePlaylist } from './hls-playlists';

const sizes = (source: { width: number; height: number; fps?: number }) =>
  planLadder({ fps: 30, ...source }).renditions.map((r) => `${r.width}x${r.height}`);

describe('planLadder', () => {
  it('never scales up and always offers at least three renditions', () => {
    expect(sizes({ width: 1280, height: 720 })).toEqual(['1280x720', '960x540', '640x360']);
    expect(sizes({ width: 1920, height: 1080 })).toEqual(['1920x1080', '1280x720', '960x540', '640x360']);
    expect(sizes({ width: 3840, height: 2160 })).toEqual(['1920x1080', '1280x720', '960x540', '640x360']);
    expect(sizes({ width: 854, height: 480 })).toEqual(['854x480', '640x360', '428x240']);
    expect(sizes({ width: 426, height: 240 })).toEqual(['426x240', '284x160', '188x106']);
  });

  it('sizes portrait video by its short side and keeps it portrait', () => {
    expect(sizes({ width: 720, height: 1280 })).toEqual(['720x1280', '540x960', '360x640']);
  });

  it('skips a standard rung too close under the source size', () => {
    expect(sizes({ width: 704, height: 396 })).toEqual(['704x396', '470x264', '312x176']);
  });

  it('caps bit rates by size and frame rate, keyframes every 2 s, and halves frame rates above 60', () => {
    const plan = planLadder({ width: 1920, height: 1080, fps: 30 });
    expect(plan.renditions.map((r) => r.maxrateKbps)).toEqual([5150, 2800, 1800, 1000]);
    expect(plan.renditions.every((r) => r.bufsizeKbps === 2 * r.maxrateKbps)).toBe(true);
    expect(plan.gopFrames).toBe(60);
    const fast = planLadder({ width: 1280, height: 720, fps: 120 });
    expect(fast.fps).toBe(60);
    expect(fast.gopFrames).toBe(120);
    expect(fast.renditions[0]!.maxrateKbps).toBeGreaterThan(2800);
  });
});

describe('h264Level', () => {
  const level = (width: number, height: number, fps: number, maxrateKbps: number) =>
    h264Level({ width, height, fps, maxrateKbps, bufsizeKbps: 2 * maxrateKbps }).name;

  it('picks the lowest level that admits size, frame rate and VBV', () => {
    expect(level(640, 360, 30, 1000)).toBe('3');
    expect(level(960, 540, 30, 1800)).toBe('3.1');
    expect(level(1280, 720, 30, 2800)).toBe('3.1');
    expect(level(1280, 720, 60, 3950)).toBe('3.2');
    expect(level(1920, 1080, 30, 5150)).toBe('4');
    expect(level(1920, 1080, 60, 7300)).toBe('4.2');
  });
});

describe('HLS playlists', () => {
  it('parses a variant playlist', () => {
    const text = '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-MAP:URI="init_0.mp4"\n#EXTINF:4.000000,\na.m4s\n#EXTINF:1.5,\nb.m4s\n#EXT-X-ENDLIST\n';
    expect(parseVariantPlaylist(text)).toEqual({
      targetDuration: 4,
      initSegment: 'init_0.mp4',
      segments: [
        { uri: 'a.m4s', duration: 4 },
        { uri: 'b.m4s', duration: 1.5 },
      ],
    });
  });

  it('takes the peak from whole segments, judging a short last one with its neighbour', () => {
    const full = { bytes: 500_000, duration: 4 }; // 1 Mbit/s
    expect(peakSegmentBitRate([full, { bytes: 600_000, duration: 4 }], 4)).toBe(1_200_000);
    // Alone, the 0.5 s tail would claim 4 Mbit/s.
    expect(peakSegmentBitRate([full, full, { bytes: 250_000, duration: 0.5 }], 4)).toBe(Math.ceil((750_000 * 8) / 4.5));
    expect(peakSegmentBitRate([{ bytes: 100_000, duration: 1 }], 4)).toBe(800_000);
  });

  it('reads the exact avc1 string from an avcC box', () => {
    const box = Buffer.concat([Buffer.from('....avcC'), Buffer.from([1, 0x64, 0x00, 0x1f, 0xff])]);
    expect(readAvc1CodecString(box)).toBe('avc1.64001f');
    expect(() => readAvc1CodecString(Buffer.from('no video here'))).toThrow(/not H.264/);
  });

  it('never lets a larger rendition advertise less bandwidth than a smaller one', () => {
    // A trailer measured as it really was: its simple pictures cost the 720p rung fewer bits than the 540p one.
    const measured = [
      { name: '720p', width: 1280, height: 720, bandwidth: 145_000, averageBandwidth: 90_000 },
      { name: '540p', width: 960, height: 540, bandwidth: 156_000, averageBandwidth: 95_000 },
      { name: '360p', width: 640, height: 360, bandwidth: 80_000, averageBandwidth: 50_000 },
    ];
    const advertised = bandwidthsBySize(measured);
    expect(advertised.map((r) => r.name)).toEqual(['720p', '540p', '360p']);
    expect(advertised.map((r) => r.bandwidth)).toEqual([156_001, 156_000, 80_000]);
    expect(advertised.map((r) => r.averageBandwidth)).toEqual([95_001, 95_000, 50_000]);
    // So a player ordering by BANDWIDTH climbs 360p → 540p → 720p.
    const text = masterPlaylist({ renditions: advertised.map((r) => ({ ...r, codecs: 'avc1.64001f,mp4a.40.2', playlist: `${r.name}/index.m3u8` })), fps: 30 });
    const order = [...text.matchAll(/BANDWIDTH=(\d+),.*RESOLUTION=(\d+x\d+)/g)].map((m) => [Number(m[1]), m[2]] as const);
    expect([...order].sort((a, b) => a[0] - b[0]).map(([, size]) => size)).toEqual(['640x360', '960x540', '1280x720']);
    // A ladder already in order is left as measured.
    const ordered = [measured[2]!, { ...measured[1]!, bandwidth: 150_000 }, { ...measured[0]!, bandwidth: 300_000, averageBandwidth: 200_000 }];
    expect(bandwidthsBySize(ordered)).toEqual(ordered);
  });

  it('writes a master playlist, lowest rendition first', () => {
    const rendition = (name: string, width: number, height: number, bandwidth: number) => ({
      name,
      width,
      height,
      bandwidth,
      averageBandwidth: bandwidth - 1000,
      codecs: 'avc1.64001f,mp4a.40.2',
      playlist: `${name}/index.m3u8`,
    });
    const text = masterPlaylist({ renditions: [rendition('720p', 1280, 720, 3_000_000), rendition('360p', 640, 360, 900_000)], fps: 30 });
    expect(text).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=899000,RESOLUTION=640x360,CODECS="avc1.64001f,mp4a.40.2",FRAME-RATE=30.000',
        '360p/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=3000000,AVERAGE-BANDWIDTH=2999000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",FRAME-RATE=30.000',
        '720p/index.m3u8',
        '',
      ].join('\n'),
    );
  });

  it('offers alternate audio and subtitle renditions as one group each, named by every rendition', () => {
    const rendition = { name: '360p', width: 640, height: 360, bandwidth: 900_000, averageBandwidth: 800_000, codecs: 'avc1.64001e,mp4a.40.2', playlist: '360p/index.m3u8' };
    const text = masterPlaylist({
      renditions: [rendition],
      fps: 25,
      audio: [
        { language: 'en', name: 'English', isDefault: true, playlist: 'audio-en/index.m3u8' },
        { language: 'fr', name: 'Fran"çais', isDefault: false, playlist: 'audio-fr/index.m3u8' },
      ],
      subtitles: [{ language: 'de', name: 'Deutsch', playlist: 'subtitles/de.m3u8' }],
    });
    expect(text.split('\n').slice(3)).toEqual([
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="en",NAME="English",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio-en/index.m3u8"',
      // A double quote cannot appear inside a quoted-string attribute.
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="fr",NAME="Fran'çais",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="audio-fr/index.m3u8"`,
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="de",NAME="Deutsch",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="subtitles/de.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2",FRAME-RATE=25.000,AUDIO="audio",SUBTITLES="subs"',
      '360p/index.m3u8',
      '',
    ]);
  });

  it('wraps a whole WebVTT file in a one-segment media playlist', () => {
    expect(wholeFilePlaylist({ uri: 'en.vtt', durationSeconds: 39.96 }).split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:40',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXTINF:39.960,',
      'en.vtt',
      '#EXT-X-ENDLIST',
      '',
    ]);
  });
});
