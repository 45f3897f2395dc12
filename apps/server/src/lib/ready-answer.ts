import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Smaller answers go uncompressed: compressing them saves less than the headers cost. */
const COMPRESS_FROM_BYTES = 1024;

/** An answer built once: the value (for per-viewer overlays), its JSON and its compressed forms. */
export class ReadyAnswer<T> {
  readonly json: string;
  /** The JSON as UTF-8 bytes, encoded once: a string body would be encoded again on every send. */
  readonly body: Buffer;
  readonly etag: string;
  private compressed = new Map<'br' | 'gzip', Buffer>();

  constructor(readonly value: T) {
    this.json = JSON.stringify(value);
    this.body = Buffer.from(this.json);
    this.etag = `"${createHash('sha256').update(this.body).digest('base64url').slice(0, 27)}"`;
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
    if (this.json.length < COMPRESS_FROM_BYTES) return null;
    let body = this.compressed.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length } })
          : gzipSync(this.body, { level: 9 });
      this.compressed.set(encoding, body);
    }
    return body;
  }
}

