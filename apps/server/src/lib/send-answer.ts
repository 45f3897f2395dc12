import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SHARED_ANSWER_HEADERS, type ReadyAnswer, type Representation } from './ready-answer';

/** What a read-model answer goes out as for one request: a 304 naming the form held, or a form. */
export type AnswerParts = { status: 304; headers: Readonly<Record<string, string>>; rawHeaders: readonly string[] } | ({ status: 200 } & Representation);

/**
 * A read-model answer for one request: its bytes as built (no second serialisation or validation),
 * precompressed when the client accepts it, or a bodiless 304 when the client (or a CDN) already
 * holds any of its forms.
 */
export function answerParts(requestHeaders: IncomingHttpHeaders, answer: ReadyAnswer<unknown>): AnswerParts {
  // A cache holding any representation of this answer (plain or compressed) may reuse it: the
  // 304 names the one it holds.
  const held = heldTag(requestHeaders['if-none-match'], answer.etags);
  if (held) {
    const headers = { ...SHARED_ANSWER_HEADERS, etag: held };
    return { status: 304, headers, rawHeaders: Object.entries(headers).flat() };
  }
  const encoding = preferredEncoding(requestHeaders['accept-encoding']);
  const form = (encoding && answer.representation(encoding)) || answer.representation('identity')!;
  return { status: 200, ...form };
}

/** Sends a read-model answer through the framework (`answerParts`). */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: ReadyAnswer<unknown>): FastifyReply {
  const parts = answerParts(request.headers, answer);
  reply.code(parts.status).headers(parts.headers);
  return parts.status === 304 ? reply.send() : reply.send(parts.body);
}

/**
 * A read-model answer kept for every signed-in viewer of one shape (modules/catalog/viewer-answers):
 * the same bytes, compressed forms and validators, but for this viewer's cache alone.
 */
export function sendPrivateAnswer(request: FastifyRequest, reply: FastifyReply, answer: ReadyAnswer<unknown>): FastifyReply {
  const parts = answerParts(request.headers, answer);
  reply.code(parts.status).headers(parts.headers).header('cache-control', 'private, no-cache');
  return parts.status === 304 ? reply.send() : reply.send(parts.body);
}

/** The tag of `tags` that If-None-Match names (weakly or strongly), or the first for `*`. */
function heldTag(ifNoneMatch: string | undefined, tags: readonly string[]): string | undefined {
  if (!ifNoneMatch) return undefined;
  for (const tag of ifNoneMatch.split(',')) {
    const t = tag.trim();
    if (t === '*') return tags[0];
    const held = tags.find((etag) => t === etag || t === `W/${etag}`);
    if (held) return held;
  }
  return undefined;
}

function preferredEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  const offered = new Map(
    accept.split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return [name!.trim(), q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  const accepted = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return null;
}

/** An answer made for one signed-in viewer (its JSON), never stored by a shared cache. */
export function sendPrivate(reply: FastifyReply, json: string): FastifyReply {
  return reply
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Authorization')
    .header('content-type', 'application/json; charset=utf-8')
    .send(json);
}
