import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

describe('third-party configuration', () => {
  it('reads name=url pairs and the sync interval', () => {
    const config = loadConfig({ THIRD_PARTY_FEEDS: 'Northlight=https://northlight.example/mrss.xml, Reel Two=http://reel2.example/feed', THIRD_PARTY_SYNC_MINUTES: '15' });
    expect(config.thirdParty).toEqual({
      feeds: [
        { name: 'Northlight', url: 'https://northlight.example/mrss.xml' },
        { name: 'Reel Two', url: 'http://reel2.example/feed' },
      ],
      syncIntervalMs: 15 * 60_000,
      mediaOrigins: ['https://northlight.example', 'http://reel2.example'],
      allowedOrigins: [],
    });
  });

  it('takes the origins partners stream from, for the content security policy', () => {
    const config = loadConfig({ THIRD_PARTY_FEEDS: 'N=https://feeds.n.example/x.xml', THIRD_PARTY_MEDIA_ORIGINS: 'https://cdn.n.example/, https://cdn2.n.example' });
    expect(config.thirdParty.mediaOrigins).toEqual(['https://cdn.n.example', 'https://cdn2.n.example']);
    expect(() => loadConfig({ THIRD_PARTY_MEDIA_ORIGINS: 'cdn.n.example' })).toThrow(/THIRD_PARTY_MEDIA_ORIGINS: not http\(s\) origins: cdn.n.example/);
  });

  it('takes the partner origins that may be private, and none by default with configured feeds', () => {
    const config = loadConfig({ THIRD_PARTY_FEEDS: 'N=http://10.0.0.5/x.xml', THIRD_PARTY_ALLOWED_ORIGINS: 'http://10.0.0.5/, http://img.n.internal:8080' });
    expect(config.thirdParty.allowedOrigins).toEqual(['http://10.0.0.5', 'http://img.n.internal:8080']);
    expect(loadConfig({ THIRD_PARTY_FEEDS: 'N=http://10.0.0.5/x.xml' }).thirdParty.allowedOrigins).toEqual([]);
    expect(() => loadConfig({ THIRD_PARTY_ALLOWED_ORIGINS: '10.0.0.5' })).toThrow(/THIRD_PARTY_ALLOWED_ORIGINS: not http\(s\) origins: 10.0.0.5/);
  });

  it("defaults to the demo partner's feed on this server, hourly, and to none without the demo", () => {
    expect(loadConfig({ PORT: '4100' }).thirdParty).toEqual({
      feeds: [{ name: 'Lanternfish', url: 'http://127.0.0.1:4100/demo-partner/feed.xml' }],
      syncIntervalMs: 60 * 60_000,
      mediaOrigins: ['http://127.0.0.1:4100'],
      // The demo partner is this server, on loopback: the one private origin allowed by default.
      allowedOrigins: ['http://127.0.0.1:4100'],
    });
    expect(loadConfig({ PUBLIC_URL: 'https://marquee.example/' }).thirdParty.feeds[0]!.url).toBe('https://marquee.example/demo-partner/feed.xml');
    expect(loadConfig({ SEED_DEMO: 'false' }).thirdParty.feeds).toEqual([]);
    expect(loadConfig({ THIRD_PARTY_FEEDS: '' }).thirdParty.feeds).toEqual([]);
  });

  it.each([
    ['Northlight', "'Northlight' must be name=url"],
    ['Northlight=ftp://x.example/feed', "the URL of 'Northlight' must be http(s)"],
    ['A=https://a.example,A=https://b.example', "the name 'A' is given twice"],
  ])('rejects THIRD_PARTY_FEEDS=%s with a clear message', (value, message) => {
    expect(() => loadConfig({ THIRD_PARTY_FEEDS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ THIRD_PARTY_FEEDS: value })).toThrow(message);
  });

  it('rejects a negative or fractional sync interval', () => {
    expect(() => loadConfig({ THIRD_PARTY_SYNC_MINUTES: '-5' })).toThrow(/THIRD_PARTY_SYNC_MINUTES/);
    expect(() => loadConfig({ THIRD_PARTY_SYNC_MINUTES: '1.5' })).toThrow(/THIRD_PARTY_SYNC_MINUTES/);
  });
});
