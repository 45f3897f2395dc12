import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';
import { redactUrl } from './redact-url';

describe('request URLs in logs', () => {
  it('keep the path and harmless parameters, and redact credentials and personal data', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions({ logLevel: 'info', logFormat: 'json' }), stream } });
    app.get('/dev-idp/authorize', async () => 'ok');
    await app.inject({
      url: '/dev-idp/authorize?nonce=n0nce-s3cret&code=c0de-s3cret&email=ada%40example.com&access_token=t0ken-s3cret&X-Amz-Signature=abcdef0123&redirect_uri=%2Fhome&page=2',
      headers: { authorization: 'Bearer h3ader-s3cret-token-value' },
    });
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('/dev-idp/authorize?');
    expect(logged).toContain('page=2');
    expect(logged).toContain('redirect_uri=%2Fhome');
    expect(logged).toContain('nonce=[redacted]');
    for (const secret of ['n0nce-s3cret', 'c0de-s3cret', 'ada%40example.com', 't0ken-s3cret', 'abcdef0123', 'h3ader-s3cret']) {
      expect(logged).not.toContain(secret);
    }
  });

  it('redacts encoded parameter names and leaves a URL without a query alone', () => {
    expect(redactUrl('/search/ada')).toBe('/search/ada');
    expect(redactUrl('/media/s/1764100000/sess1on/s1gnature/asset-1/720p/seg-1.ts')).toBe('/media/s/1764100000/sess1on/[redacted]/asset-1/720p/seg-1.ts');
    expect(redactUrl('/x?%74oken=abc&q')).toBe('/x?%74oken=[redacted]&q');
    expect(redactUrl('/x?%zz=1&id_token=eyJ')).toBe('/x?%zz=1&id_token=[redacted]');
  });
});
