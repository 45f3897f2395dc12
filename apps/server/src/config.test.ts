import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs on defaults: embedded database in ./data, dev sign-in, port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'embedded', dataDir: expect.stringMatching(/data\/db$/) });
    expect(config.auth.provider).toBe('dev');
    expect(config.trustProxy).toBe(false);
  });

  it('uses PostgreSQL and Google when configured', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/marquee', GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', TRUST_PROXY: '10.0.0.0/8, 10.1.2.3' });
    expect(config.database).toMatchObject({ kind: 'postgres', url: 'postgres://u@db:5432/marquee' });
    expect(config.auth.google?.issuers).toEqual(['https://accounts.google.com', 'accounts.google.com']);
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '10.1.2.3']);
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', SEED_DEMO: 'maybe', TRUST_PROXY: 'everyone' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT: must be a number');
    expect(problems).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(problems).toContain('LOG_LEVEL');
    expect(problems).toContain('SEED_DEMO: must be true or false');
    expect(problems).toContain('TRUST_PROXY');
  });

  it('refuses the retired PLAYBACK_URL_TTL_HOURS rather than ignore it, naming its successor', () => {
    expect(() => loadConfig({ PLAYBACK_URL_TTL_HOURS: '6' })).toThrow(/PLAYBACK_URL_TTL_HOURS: no longer read.*PLAYBACK_URL_TTL_SECONDS/);
    expect(loadConfig({ PLAYBACK_URL_TTL_SECONDS: '120' }).media.urlTtlMs).toBe(120_000);
  });

  it('keeps media in DATA_DIR unless S3_BUCKET is set, then uses S3 with its defaults', () => {
    expect(loadConfig({}).media.s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'marquee-media' }).media.s3).toEqual({
      endpoint: undefined, region: 'us-east-1', bucket: 'marquee-media', credentials: undefined, forcePathStyle: false, publicUrl: undefined,
    });
    const minio = loadConfig({
      S3_BUCKET: 'media', S3_ENDPOINT: 'http://minio:9000/', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', MEDIA_PUBLIC_URL: 'https://cdn.example.com/',
    }).media.s3;
    expect(minio).toEqual({
      endpoint: 'http://minio:9000', region: 'eu-west-1', bucket: 'media', credentials: { accessKeyId: 'id', secretAccessKey: 'secret' }, forcePathStyle: true, publicUrl: 'https://cdn.example.com',
    });
    expect(loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'https://s3.example.net', S3_FORCE_PATH_STYLE: 'false' }).media.s3?.forcePathStyle).toBe(false);
  });

  it('names what is missing or wrong in a half-done S3 set-up', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (e) {
        return (e as ConfigError).problems.join('\n');
      }
    };
    expect(problems({ S3_ENDPOINT: 'http://minio:9000', MEDIA_PUBLIC_URL: 'https://cdn.example.com' })).toBe(
      'S3_BUCKET: required when any S3 setting is given (here: S3_ENDPOINT, MEDIA_PUBLIC_URL); unset those to keep media in DATA_DIR',
    );
    expect(problems({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' })).toBe('S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID');
    expect(problems({ S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'secret' })).toBe('S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY');
    const bad = problems({ S3_BUCKET: 'My_Bucket', S3_ENDPOINT: 'minio:9000', S3_FORCE_PATH_STYLE: 'sometimes', MEDIA_PUBLIC_URL: 'ftp://cdn' });
    expect(bad).toContain('S3_BUCKET: must be a bucket name');
    expect(bad).toContain('S3_ENDPOINT: must be an http(s) URL');
    expect(bad).toContain('S3_FORCE_PATH_STYLE: must be true or false');
    expect(bad).toContain('MEDIA_PUBLIC_URL: must be an http(s) URL');
  });
});

describe('loadConfig in production', () => {
  const ready = {
    NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'g', PAYPAL_CLIENT_ID: 'p', PAYPAL_CLIENT_SECRET: 's', PAYPAL_WEBHOOK_ID: 'w',
    PUBLIC_URL: 'https://marquee.example', MEDIA_SIGNING_KEYS: 'k'.repeat(32), SEED_DEMO: 'false',
  };

  it('is a real site when configured: no test mode', () => {
    expect(loadConfig(ready).testMode).toBeUndefined();
  });

  it('names a variable once when production and several nodes both need it, beside malformed ones', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production', NODES: '2', PORT: 'eighty' });
    } catch (e) {
      error = e;
    }
    const problems = (error as ConfigError).problems;
    expect(problems.filter((p) => p.startsWith('MEDIA_SIGNING_KEYS:'))).toHaveLength(1);
    expect(problems.map((p) => p.slice(0, p.indexOf(':'))).sort()).toEqual(
      ['DATABASE_URL', 'DEV_SIGN_IN_KEY', 'GOOGLE_CLIENT_ID', 'MEDIA_SIGNING_KEYS', 'PAYPAL_CLIENT_ID', 'PORT', 'PUBLIC_URL', 'S3_BUCKET', 'SEED_DEMO'],
    );
  });

  it('lets a staging site name the test providers it runs, and reports them as test mode', () => {
    const staging = { ...ready, GOOGLE_CLIENT_ID: undefined, STAGING_TEST_PROVIDERS: 'dev-sign-in' };
    expect(loadConfig(staging).testMode).toEqual({ devSignIn: true, sandboxPayments: false });
    expect(() => loadConfig({ ...staging, STAGING_TEST_PROVIDERS: '' })).toThrow(/GOOGLE_CLIENT_ID: required in production/);
  });

  it('has no test mode in development, whatever the providers', () => {
    expect(loadConfig({ STAGING_TEST_PROVIDERS: 'dev-sign-in' }).testMode).toBeUndefined();
  });
});
