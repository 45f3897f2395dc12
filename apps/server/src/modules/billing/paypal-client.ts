import { ProviderUnavailableError } from './payment-provider';

export interface PayPalSettings {
  clientId: string;
  clientSecret: string;
  /** https://api-m.sandbox.paypal.com, https://api-m.paypal.com, or PAYPAL_API_BASE. */
  apiBase: string;
  webhookId: string;
}

/** A PayPal error body: `name`, `message`, and `details[].issue` such as ORDER_NOT_APPROVED. */
export class PayPalApiError extends Error {
  constructor(
    readonly status: number,
    readonly issue: string | null,
    readonly body: unknown,
  ) {
    super(`PayPal answered ${status}${issue ? ` ${issue}` : ''}`);
    this.name = 'PayPalApiError';
  }
}

export type PayPalRequest = { method: 'GET' | 'POST'; path: string; body?: unknown; requestId?: string };

/**
 * PayPal's REST API with an OAuth client-credentials token, fetched once and reused until shortly
 * before it expires (PayPal asks callers not to fetch a token per request).
 */
export function createPayPalClient(settings: PayPalSettings) {
  let token: { value: string; expiresAt: number } | null = null;
  let fetching: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const res = await send(`${settings.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = (await res.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
    if (!res.ok || !body?.access_token) throw new ProviderUnavailableError(`PayPal refused the client credentials (${res.status})`);
    // Renew a minute early so a token never expires between reading and using it.
    token = { value: body.access_token, expiresAt: Date.now() + ((body.expires_in ?? 300) - 60) * 1000 };
    return token.value;
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    fetching ??= fetchToken().finally(() => {
      fetching = null;
    });
    return fetching;
  }

  async function attempt(req: PayPalRequest, bearer: string): Promise<Response> {
    return send(`${settings.apiBase}${req.path}`, {
      method: req.method,
      headers: {
        authorization: `Bearer ${bearer}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
        ...(req.requestId ? { 'paypal-request-id': req.requestId } : {}),
      },
      ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
    });
  }

  return {
    webhookId: settings.webhookId,
    async request<T>(req: PayPalRequest): Promise<T> {
      const used = await accessToken();
      let res = await attempt(req, used);
      // PayPal can revoke a token before its expiry (rotated credentials, its own restarts): drop
      // it, fetch a new one and try once more. A 401 is refused before PayPal looks at the
      // request, so the retry (same PayPal-Request-Id) cannot do the work twice.
      if (res.status === 401) {
        await res.body?.cancel();
        if (token?.value === used) token = null;
        res = await attempt(req, await accessToken());
        if (res.status === 401) token = null;
      }
      const body = (await res.json().catch(() => null)) as unknown;
      if (!res.ok) throw new PayPalApiError(res.status, firstIssue(body), body);
      return body as T;
    },
  };
}

export type PayPalClient = ReturnType<typeof createPayPalClient>;

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    throw new ProviderUnavailableError(`PayPal could not be reached: ${(error as Error).message}`);
  }
}

function firstIssue(body: unknown): string | null {
  const details = (body as { details?: { issue?: string }[] } | null)?.details;
  return details?.[0]?.issue ?? (body as { name?: string } | null)?.name ?? null;
}
