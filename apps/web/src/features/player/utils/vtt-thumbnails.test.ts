import { describe, expect, it } from 'vitest';
import { parseThumbnailsVtt, thumbnailAt } from './vtt-thumbnails';

// The pipeline's output (apps/server/src/transcoding/thumbnails.ts): one 160×90 tile per 10 s.
const VTT = `WEBVTT

00:00:00.000 --> 00:00:10.000
sprite.jpg#xywh=0,0,160,90

00:00:10.000 --> 00:00:20.000
sprite.jpg#xywh=160,0,160,90

00:00:20.000 --> 00:00:25.500
sprite.jpg#xywh=320,0,160,90
`;

const TRACK = 'http://localhost/media/s/1700000000/viewer/abc123/asset-1/thumbnails.vtt';

describe('parseThumbnailsVtt', () => {
  it('reads each cue with its tile, resolving the sprite next to the (signed) track', () => {
    const cues = parseThumbnailsVtt(VTT, TRACK);
    expect(cues).toHaveLength(3);
    expect(cues[1]).toEqual({
      start: 10,
      end: 20,
      image: 'http://localhost/media/s/1700000000/viewer/abc123/asset-1/sprite.jpg',
      x: 160,
      y: 0,
      width: 160,
      height: 90,
    });
    expect(cues[2]!.end).toBe(25.5);
  });

  it('accepts short timestamps, cue identifiers and CRLF line ends, and skips cues without a tile', () => {
    const text = 'WEBVTT\r\n\r\n1\r\n00:05.000 --> 01:00:00.000\r\nhttps://cdn.example/s.jpg#xywh=1,2,3,4\r\n\r\n00:00.000 --> 00:01.000\r\nplain text\r\n';
    expect(parseThumbnailsVtt(text, TRACK)).toEqual([{ start: 5, end: 3600, image: 'https://cdn.example/s.jpg', x: 1, y: 2, width: 3, height: 4 }]);
  });

  it('returns nothing for a file that is not a thumbnails track', () => {
    expect(parseThumbnailsVtt('<html>Not found</html>', TRACK)).toEqual([]);
  });
});

describe('thumbnailAt', () => {
  const cues = parseThumbnailsVtt(VTT, TRACK);

  it('finds the tile covering a moment', () => {
    expect(thumbnailAt(cues, 0)?.x).toBe(0);
    expect(thumbnailAt(cues, 9.99)?.x).toBe(0);
    expect(thumbnailAt(cues, 10)?.x).toBe(160);
    expect(thumbnailAt(cues, 24)?.x).toBe(320);
  });

  it('keeps the last tile past the end and has none without cues', () => {
    expect(thumbnailAt(cues, 26)?.x).toBe(320);
    expect(thumbnailAt([], 5)).toBeNull();
  });
});
