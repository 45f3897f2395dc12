import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stateful stand-in for the PayPal REST endpoints Marquee calls, on a loopback port, following
 * PayPal's published shapes: OAuth client credentials, Orders v2 (create, get, capture), Payments
 * v2 (get capture, refund), disputes (get) and verify-webhook-signature. Orders go CREATED →
 * APPROVED (the buyer, here `approve()`) → COMPLETED; tests script the next capture's outcome.
 */
export interface PayPalFake {
  url: string;
  credentials: { clientId: string; clientSecret: string; webhookId: string };
  /** How many OAuth tokens were issued. */
  tokenRequests: number;
  orders: Map<string, FakeOrder>;
  /** The buyer approves the order at PayPal. */
  approve(orderId: string): void;
  /** The next capture: declined before charging (422), or a capture in another state or amount. */
  scriptNextCapture(script: CaptureScript): void;
  /** PayPal settles a PENDING capture. */
  completeCapture(captureId: string): void;
  openDispute(captureId: string): string;
  /** The merchant refunds in PayPal's dashboard; returns the refund resource a webhook carries. */
  refund(captureId: string): { id: string; status: string; links: { href: string; rel: string; method: string }[] };
  /** Headers PayPal would send with a webhook, signed so that verify-webhook-signature accepts them. */
  signedHeaders(event: object): Record<string, string>;
  /**
   * The next request whose path starts with `pathPrefix` fails: a 404 (PayPal not yet showing a
   * resource it just notified about) or a dropped connection (a timeout, an outage).
   */
  breakNext(pathPrefix: string, failure: 'not-found' | 'drop'): void;
  /** PayPal stops accepting every access token issued so far (401 until a new one is fetched). */
  revokeTokens(): void;
  close(): Promise<void>;
}

export type CaptureScript =
  | { kind: 'INSTRUMENT_DECLINED' }
  | { kind: 'capture'; status?: 'COMPLETED' | 'PENDING' | 'DECLINED'; value?: string; currency?: string };

interface FakeCapture {
  id: string;
  status: string;
  status_details?: { reason: string };
  amount: { currency_code: string; value: string };
  final_capture: boolean;
  supplementary_data: { related_ids: { order_id: string } };
  create_time: string;
}
export interface FakeOrder {
  id: string;
  intent: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  purchase_units: { reference_id?: string; amount: { currency_code: string; value: string }; payments?: { captures: FakeCapture[] } }[];
  create_time: string;
}

const paypalId = () => randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
const issue = (status: number, name: string, detail: string, message: string) => ({
  status,
  body: { name, details: [{ issue: detail, description: message }], message, debug_id: paypalId().toLowerCase() },
});
const notApproved = issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
const declined = issue(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED', 'The instrument presented  was either declined by the processor or bank, or it can\'t be used for this payment.');
const captured = issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured. If \'intent=CAPTURE\' only one capture per order is allowed.');
const fullyRefunded = issue(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
const pendingCapture = issue(422, 'UNPROCESSABLE_ENTITY', 'PENDING_CAPTURE', 'Cannot initiate a refund as the capture is pending.');
const reused = issue(422, 'UNPROCESSABLE_ENTITY', 'PAYPAL_REQUEST_ID_PREVIOUSLY_USED', 'The PayPal-Request-Id has already been used for another request.');
const missing = issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');
const unauthorized = { status: 401, body: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.' } };

type Reply = { status: number; body: unknown };

export async function startPayPalFake(): Promise<PayPalFake> {
  const credentials = { clientId: 'fake-client', clientSecret: 'fake-secret', webhookId: 'WH-FAKE-1' };
  const signingKey = randomBytes(16);
  const tokens = new Set<string>();
  const orders = new Map<string, FakeOrder>();
  const captures = new Map<string, FakeCapture>();
  const disputes = new Map<string, string>();
  const idempotent = new Map<string, { fingerprint: string; reply: Reply }>();
  let next: CaptureScript = { kind: 'capture' };
  const breaks: { pathPrefix: string; failure: 'not-found' | 'drop' }[] = [];
  const sign = (parts: string[]) => createHmac('sha256', signingKey).update(parts.join('|')).digest('base64');

  function capture(order: FakeOrder): Reply {
    if (order.status === 'CREATED') return notApproved;
    if (order.status === 'COMPLETED') return captured;
    const script = next;
    next = { kind: 'capture' };
    if (script.kind === 'INSTRUMENT_DECLINED') return declined;
    const unit = order.purchase_units[0]!;
    const status = script.status ?? 'COMPLETED';
    const record: FakeCapture = {
      id: paypalId(),
      status,
      ...(status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: { currency_code: script.currency ?? unit.amount.currency_code, value: script.value ?? unit.amount.value },
      final_capture: true,
      supplementary_data: { related_ids: { order_id: order.id } },
      create_time: new Date().toISOString(),
    };
    captures.set(record.id, record);
    unit.payments = { captures: [record] };
    order.status = 'COMPLETED';
    return { status: 201, body: order };
  }

  function route(req: IncomingMessage, body: string): Reply {
    const path = req.url ?? '';
    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}` || !body.includes('grant_type=client_credentials')) {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      }
      fake.tokenRequests += 1;
      const token = `A21AA${randomBytes(24).toString('hex')}`;
      tokens.add(token);
      return { status: 200, body: { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-FAKE', expires_in: 32400, nonce: paypalId() } };
    }
    const json = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const units = json.purchase_units as FakeOrder['purchase_units'] | undefined;
      if (json.intent !== 'CAPTURE' || !units?.[0]?.amount?.value) return issue(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.');
      const order: FakeOrder = { id: paypalId(), intent: 'CAPTURE', status: 'CREATED', purchase_units: units, create_time: new Date().toISOString() };
      orders.set(order.id, order);
      const links = [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' }];
      return { status: 201, body: { id: order.id, status: order.status, links } };
    }
    if ((m = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(path))) {
      const order = orders.get(m[1]!);
      if (!order) return missing;
      return req.method === 'POST' && m[2] ? capture(order) : { status: 200, body: order };
    }
    if ((m = /^\/v2\/payments\/captures\/([A-Z0-9]+)(\/refund)?$/.exec(path))) {
      const record = captures.get(m[1]!);
      if (!record) return missing;
      if (req.method === 'GET') return { status: 200, body: record };
      if (record.status === 'REFUNDED') return fullyRefunded;
      if (record.status === 'PENDING') return pendingCapture;
      return { status: 201, body: fake.refund(record.id) };
    }
    if ((m = /^\/v1\/customer\/disputes\/([A-Z0-9-]+)$/.exec(path))) {
      const captureId = disputes.get(m[1]!);
      if (!captureId) return missing;
      return { status: 200, body: { dispute_id: m[1], status: 'OPEN', reason: 'UNAUTHORISED', disputed_transactions: [{ seller_transaction_id: captureId }] } };
    }
    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const event = json.webhook_event as { id?: string } | undefined;
      const expected = sign([String(json.transmission_id), String(json.transmission_time), credentials.webhookId, String(event?.id)]);
      const ok = json.webhook_id === credentials.webhookId && json.transmission_sig === expected;
      return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }
    return missing;
  }

  // PayPal replays the first response to a repeated PayPal-Request-Id, and refuses it for another request.
  // A request with a rejected token never reaches the idempotency store, so its retry is answered afresh.
  function idempotently(req: IncomingMessage, body: string): Reply {
    const authenticated = req.url === '/v1/oauth2/token' || tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!authenticated) return unauthorized;
    const key = req.headers['paypal-request-id'];
    if (typeof key !== 'string') return route(req, body);
    const fingerprint = `${req.method} ${req.url}`;
    const seen = idempotent.get(key);
    if (seen) return seen.fingerprint === fingerprint ? seen.reply : reused;
    const reply = route(req, body);
    if (reply.status < 500) idempotent.set(key, { fingerprint, reply: { status: reply.status, body: JSON.parse(JSON.stringify(reply.body)) } });
    return reply;
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const broken = breaks.findIndex((b) => (req.url ?? '').startsWith(b.pathPrefix));
      if (broken >= 0) {
        const [{ failure }] = breaks.splice(broken, 1) as [(typeof breaks)[number]];
        if (failure === 'drop') return void req.socket.destroy();
        return void res.writeHead(missing.status, { 'content-type': 'application/json' }).end(JSON.stringify(missing.body));
      }
      const reply = idempotently(req, body);
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const fake: PayPalFake = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    credentials,
    tokenRequests: 0,
    orders,
    approve(orderId) {
      const order = orders.get(orderId);
      if (order?.status === 'CREATED') order.status = 'APPROVED';
    },
    scriptNextCapture(script) {
      next = script;
    },
    completeCapture(captureId) {
      const record = captures.get(captureId);
      if (record) {
        record.status = 'COMPLETED';
        delete record.status_details;
      }
    },
    refund(captureId) {
      const record = captures.get(captureId);
      if (record) record.status = 'REFUNDED';
      const links = [{ href: `${fake.url}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' }];
      return { id: paypalId(), status: 'COMPLETED', links };
    },
    openDispute(captureId) {
      const id = `PP-D-${randomBytes(4).toString('hex').toUpperCase()}`;
      disputes.set(id, captureId);
      return id;
    },
    signedHeaders(event) {
      const transmissionId = randomBytes(8).toString('hex');
      const time = new Date().toISOString();
      const id = String((event as { id?: string }).id);
      return {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-FAKE',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': sign([transmissionId, time, credentials.webhookId, id]),
      };
    },
    breakNext(pathPrefix, failure) {
      breaks.push({ pathPrefix, failure });
    },
    revokeTokens() {
      tokens.clear();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}
