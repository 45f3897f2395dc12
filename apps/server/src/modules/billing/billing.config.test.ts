import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('payments configuration', () => {
  it('uses the sandbox provider by default', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox' });
  });

  it('uses PayPal with a client id, secret and webhook id; PAYPAL_ENV picks the API host', () => {
    const base = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH-1' };
    expect(loadConfig(base).payments).toEqual({ provider: 'paypal', clientId: 'id', clientSecret: 'secret', webhookId: 'WH-1', apiBase: 'https://api-m.sandbox.paypal.com' });
    expect(loadConfig({ ...base, PAYPAL_ENV: 'live' }).payments).toMatchObject({ apiBase: 'https://api-m.paypal.com' });
    expect(loadConfig({ ...base, PAYPAL_API_BASE: 'http://127.0.0.1:9999/' }).payments).toMatchObject({ apiBase: 'http://127.0.0.1:9999' });
  });

  it('refuses half a PayPal configuration, naming what is missing', () => {
    expect(problemsOf({ PAYPAL_CLIENT_ID: 'id' })).toEqual([
      'PAYPAL_CLIENT_SECRET: required with PAYPAL_CLIENT_ID',
      'PAYPAL_WEBHOOK_ID: required with PAYPAL_CLIENT_ID',
    ]);
    expect(problemsOf({ PAYPAL_CLIENT_SECRET: 'secret' })).toEqual(['PAYPAL_CLIENT_ID: required when PAYPAL_CLIENT_SECRET is set (PayPal payments)']);
    expect(problemsOf({ PAYPAL_ENV: 'staging' })[0]).toMatch(/^PAYPAL_ENV/);
  });
});
