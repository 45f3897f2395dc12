import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReadyAnswer } from './ready-answer';

/**
 * Sends a read-model answer as it was built: the JSON string (no second serialisation or
 * validation), or its precompressed bytes when the client accepts them, with an ETag so a client
 * or CDN that has it gets a bodiless 304.
 *
 * `shared`: the same answer for everyone (anonymous): a shared cache may keep it, revalidating
 * every time so a catalogue change shows at once. Otherwise it stays private to this viewer.
 */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: ReadyAnswer<unknown>, shared: boolean): FastifyReply {
  reply
    .header('cache-control', shared ? 'public, no-cache' : 'private, no-cache')
    .header('vary', 'Authorization, Accept-Encoding')
    .header('content-type', 'application/json; charset=utf-8');
  // A cache holding any representation of this answer (plain or compressed) may reuse it: the
  // 304 names the one it holds.
  const held = heldTag(request.headers['if-none-match'], [answer.etag, taggedFor(answer.etag, 'br'), taggedFor(answer.etag, 'gzip')]);
  if (held) return reply.header('etag', held).code(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const body = encoding ? answer.encoded(encoding) : null;
  // Each encoding is a representation of its own, with a strong validator of its own.
  if (encoding && body) return reply.header('etag', taggedFor(answer.etag, encoding)).header('content-encoding', encoding).send(body);
  return reply.header('etag', answer.etag).send(answer.body);
}

const taggedFor = (etag: string, encoding: 'br' | 'gzip') => `${etag.slice(0, -1)}-${encoding}"`;

/** The tag of `tags` that If-None-Match names (weakly or strongly), or the first for `*`. */
function heldTag(ifNoneMatch: string | undefined, tags: string[]): string | undefined {
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

/** An answer made for one signed-in viewer: serialised once, never stored by a shared cache. */
export function sendPrivate(reply: FastifyReply, value: unknown): FastifyReply {
  return reply
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Authorization')
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(value));
}
