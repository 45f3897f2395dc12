import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Smaller answers go uncompressed: compressing them saves less than the headers cost. */
const COMPRESS_FROM_BYTES = 1024;

/** An answer built once: the value (for per-viewer overlays), its JSON and its compressed forms. */
export class ReadyAnswer<T> {
  readonly json: string;
  readonly etag: string;
  private compressed = new Map<'br' | 'gzip', Buffer>();

  constructor(readonly value: T) {
    this.json = JSON.stringify(value);
    this.etag = `"${createHash('sha256').update(this.json).digest('base64url').slice(0, 27)}"`;
  }

  /**
   * Roughly the bytes it holds: the JSON, the parsed value (V8 objects and strings weigh about
   * twice their JSON) and, once made, the compressed forms (a fraction of the JSON; counted up front).
   */
  get weight(): number {
    return this.json.length * 4;
  }

  /** The body in `encoding`, compressed on first use and kept; null when not worth compressing. */
  encoded(encoding: 'br' | 'gzip'): Buffer | null {
    if (this.json.length < COMPRESS_FROM_BYTES) return null;
    let body = this.compressed.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: this.json.length } })
          : gzipSync(this.json, { level: 9 });
      this.compressed.set(encoding, body);
    }
    return body;
  }
}

