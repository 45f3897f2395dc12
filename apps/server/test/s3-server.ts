import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point the app at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on a free port, its objects in a fresh temp directory. */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'marquee-s3-'));
  const bucket = 'marquee-media';
  const server = new MultipartS3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    // s3rver's built-in account.
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver stores multipart uploads but answers ListParts and AbortMultipartUpload with 405; the
 * resumable uploads' S3 store needs both (ListParts tells how much of an upload arrived). These two
 * are answered here from the parts s3rver keeps, as the S3 API reference describes them; every
 * other request goes to s3rver. They skip s3rver's signature check: only the tests call this server.
 */
class MultipartS3rver extends S3rver {
  constructor(private readonly options: { directory: string } & ConstructorParameters<typeof S3rver>[0]) {
    super(options);
  }

  override callback() {
    const s3rver = super.callback();
    return (req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? '/', 'http://s3.test');
      const [, bucket, ...key] = url.pathname.split('/');
      const uploadId = url.searchParams.get('uploadId');
      const isUploadCall = bucket && key.length > 0 && uploadId && /^[0-9a-f]+$/.test(uploadId);
      if (isUploadCall && req.method === 'GET') {
        void this.listParts(res, { bucket, key: decodeURIComponent(key.join('/')), uploadId, url }).catch(() => reply(res, 500, errorXml('InternalError', 'ListParts failed')));
      } else if (isUploadCall && req.method === 'DELETE') {
        void this.abort(res, { bucket, uploadId }).catch(() => reply(res, 500, errorXml('InternalError', 'AbortMultipartUpload failed')));
      } else {
        s3rver(req, res);
      }
    };
  }

  /** Where s3rver keeps an upload's parts (`1`, `1.md5`, …) until it is completed or aborted. */
  private uploadDir(bucket: string, uploadId: string) {
    return join(this.options.directory, bucket, '._S3rver_uploads', uploadId);
  }

  /** https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListParts.html */
  private async listParts(res: ServerResponse, input: { bucket: string; key: string; uploadId: string; url: URL }) {
    const dir = this.uploadDir(input.bucket, input.uploadId);
    const files = await readdir(dir).catch(() => null);
    if (!files) return reply(res, 404, noSuchUpload());
    const marker = Number(input.url.searchParams.get('part-number-marker') ?? 0);
    const maxParts = Number(input.url.searchParams.get('max-parts') ?? 1000);
    const numbers = files.filter((f) => /^\d+$/.test(f)).map(Number).filter((n) => n > marker).sort((a, b) => a - b);
    const page = numbers.slice(0, maxParts);
    const parts = await Promise.all(page.map(async (n) => {
      const [{ size, mtime }, md5] = await Promise.all([stat(join(dir, String(n))), readFile(join(dir, `${n}.md5`), 'utf8')]);
      return `<Part><PartNumber>${n}</PartNumber><LastModified>${mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`;
    }));
    const truncated = numbers.length > page.length;
    reply(res, 200, xml(`<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Bucket>${escapeXml(input.bucket)}</Bucket><Key>${escapeXml(input.key)}</Key><UploadId>${input.uploadId}</UploadId>` +
      `<PartNumberMarker>${marker}</PartNumberMarker><MaxParts>${maxParts}</MaxParts><IsTruncated>${truncated}</IsTruncated>` +
      (truncated ? `<NextPartNumberMarker>${page[page.length - 1]}</NextPartNumberMarker>` : '') +
      `${parts.join('')}<StorageClass>STANDARD</StorageClass></ListPartsResult>`));
  }

  /** https://docs.aws.amazon.com/AmazonS3/latest/API/API_AbortMultipartUpload.html: a completed upload is no upload any more. */
  private async abort(res: ServerResponse, input: { bucket: string; uploadId: string }) {
    const dir = this.uploadDir(input.bucket, input.uploadId);
    if (!(await stat(dir).catch(() => null))) return reply(res, 404, noSuchUpload());
    await rm(dir, { recursive: true, force: true });
    reply(res, 204, '');
  }
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const errorXml = (code: string, message: string) => xml(`<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
const noSuchUpload = () => errorXml('NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.');

function reply(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, body ? { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) } : {});
  res.end(body);
}
