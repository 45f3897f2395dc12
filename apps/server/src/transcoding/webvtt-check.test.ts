import { describe, expect, it } from 'vitest';
import { withSubtitleRenditions } from './master-subtitles';
import { checkWebVtt, timestampSeconds } from './webvtt-check';

describe('checkWebVtt', () => {
  it('accepts hours, cue ids, a byte-order mark and CRLF line ends, and stores plain LF text', () => {
    const file = Buffer.from('\uFEFFWEBVTT\r\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\r\n\r\nintro\r\n01:00:01.250 --> 01:00:02.000 line:90%\r\nÀ bientôt\r\n<c.yellow>deux</c> lignes\r\n');
    expect(checkWebVtt(file)).toEqual({ text: 'WEBVTT\n\nintro\n01:00:01.250 --> 01:00:02.000 line:90%\nÀ bientôt\n<c.yellow>deux</c> lignes\n', cues: 1 });
  });

  it('reads timestamps as the spec writes them, and refuses others', () => {
    expect(timestampSeconds('00:01.500')).toBe(1.5);
    expect(timestampSeconds('02:00:01.000')).toBe(7201);
    for (const bad of ['1.500', '00:60.000', '00:01,500', '00:01.5']) expect(timestampSeconds(bad)).toBeUndefined();
  });

  it('escapes stray angle brackets so cue text stays text', () => {
    expect(checkWebVtt(Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\n3 < 4 > 2\n')).text).toContain('3 &lt; 4 &gt; 2');
  });
});

describe('withSubtitleRenditions', () => {
  const master = [
    '#EXTM3U',
    '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="en",NAME="English",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio_en/index.m3u8"',
    '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",NAME="English",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="subtitles/en.m3u8"',
    '#EXT-X-STREAM-INF:BANDWIDTH=1,AUDIO="audio",SUBTITLES="subs"',
    '360p/index.m3u8',
    '',
  ].join('\n');

  it('replaces the subtitle renditions and keeps audio and video as they were', () => {
    const out = withSubtitleRenditions(master, [{ language: 'fr', name: 'Français', playlist: 'subtitles/uploaded/fr-1.m3u8' }]);
    expect(out).toContain('AUDIO,GROUP-ID="audio"');
    expect(out).not.toContain('URI="subtitles/en.m3u8"');
    expect(out).toContain('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="fr",NAME="Français",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="subtitles/uploaded/fr-1.m3u8"\n#EXT-X-STREAM-INF:BANDWIDTH=1,AUDIO="audio",SUBTITLES="subs"\n360p/index.m3u8\n');
  });

  it('drops the group from the renditions when no track is left', () => {
    expect(withSubtitleRenditions(master, [])).not.toContain('SUBTITLES');
  });
});
