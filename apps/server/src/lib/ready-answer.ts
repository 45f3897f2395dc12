import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Smaller answers go uncompressed: compressing them saves less than the headers cost. */
const COMPRESS_FROM_BYTES = 1024;

export type AnswerEncoding = 'identity' | 'br' | 'gzip';

/**
 * One form of an answer as it goes out: its bytes and every header that depends on the answer
 * alone, as an object (for the framework's reply) and as a flat name, value list (for a raw
 * `writeHead`). Built once per answer and encoding, so sending one builds nothing.
 */
export interface Representation {
  readonly encoding: AnswerEncoding;
  /** A strong validator of its own: each encoding is a representation of its own. */
  readonly etag: string;
  readonly body: Buffer;
  readonly headers: Readonly<Record<string, string>>;
  readonly rawHeaders: readonly string[];
}

/**
 * An answer built once, the same for everyone who may see it: the value (for per-viewer overlays),
 * its JSON and its forms as sent. A shared cache may keep it, revalidating every time so a
 * catalogue change shows at once.
 */
export class ReadyAnswer<T> {
  readonly json: string;
  /** The JSON as UTF-8 bytes, encoded once: a string body would be encoded again on every send. */
  readonly body: Buffer;
  readonly etag: string;
  /** The tags of every form a cache might hold, plain first: made once, checked on every request. */
  readonly etags: readonly string[];
  private representations = new Map<AnswerEncoding, Representation | null>();

  constructor(readonly value: T) {
    this.json = JSON.stringify(value);
    this.body = Buffer.from(this.json);
    this.etag = `"${createHash('sha256').update(this.body).digest('base64url').slice(0, 27)}"`;
    this.etags = [this.etag, taggedFor(this.etag, 'br'), taggedFor(this.etag, 'gzip')];
  }

  /**
   * Roughly the bytes it holds: the JSON string and its bytes, the parsed value (V8 objects and
   * strings weigh about twice their JSON) and, once made, the compressed forms (a fraction of the
   * JSON; counted up front).
   */
  get weight(): number {
    return this.json.length * 5;
  }

  /** The body in `encoding`, compressed on first use and kept; null when not worth compressing. */
  encoded(encoding: 'br' | 'gzip'): Buffer | null {
    return this.representation(encoding)?.body ?? null;
  }

  /** The answer as sent in `encoding`, made on first use and kept; null when not worth compressing. */
  representation(encoding: AnswerEncoding): Representation | null {
    let made = this.representations.get(encoding);
    if (made === undefined) {
      made = this.make(encoding);
      this.representations.set(encoding, made);
    }
    return made;
  }

  private make(encoding: AnswerEncoding): Representation | null {
    if (encoding !== 'identity' && this.json.length < COMPRESS_FROM_BYTES) return null;
    const body =
      encoding === 'identity'
        ? this.body
        : encoding === 'br'
          ? brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length } })
          : gzipSync(this.body, { level: 9 });
    const etag = encoding === 'identity' ? this.etag : taggedFor(this.etag, encoding);
    const headers: Record<string, string> = {
      ...SHARED_ANSWER_HEADERS,
      etag,
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      'content-length': String(body.length),
    };
    return { encoding, etag, body, headers, rawHeaders: Object.entries(headers).flat() };
  }
}

/** What every form of a shared answer, and its 304, says of itself. */
export const SHARED_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'public, no-cache',
  vary: 'Authorization, Accept-Encoding',
  'content-type': 'application/json; charset=utf-8',
};

const taggedFor = (etag: string, encoding: 'br' | 'gzip') => `${etag.slice(0, -1)}-${encoding}"`;
