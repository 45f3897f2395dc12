import { createReadStream, createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { cacheControlOf, contentTypeOf } from './content-types';
import type { MediaStorage, MediaStore } from './storage';

export interface S3Settings {
  /** An S3-compatible server; undefined: AWS S3 in `region`. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Undefined: the AWS SDK's default credential chain (instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** The CDN (or any origin) serving the bucket's `public/` prefix; undefined: the bucket URL. */
  publicUrl: string | undefined;
}

/** Files up to this size go up in one PUT; larger ones in parts of this size (S3 allows 10,000). */
const DEFAULT_PART_SIZE = 16 * 1024 * 1024;

/**
 * Media in one bucket: `public/` for trailers, artwork and avatars (readable through the CDN or a
 * bucket policy on that prefix), `private/` for full content (presigned URLs only).
 */
export function s3MediaStore(options: S3Settings & { partSize?: number }): MediaStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Since 3.729 the SDK sends uploads as aws-chunked bodies with a trailing CRC32 by default;
    // S3-compatible servers that predate that (s3rver, older MinIO and Ceph) store the framing as
    // the content. Checksums only where the API demands them (DeleteObjects).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const area = (scope: 'public' | 'private') =>
    s3Area({ client, bucket: options.bucket, scope, partSize: options.partSize ?? DEFAULT_PART_SIZE });
  const publicBase = (options.publicUrl ?? `${bucketUrl(options)}/public`).replace(/\/$/, '');
  return {
    public: {
      ...area('public'),
      url: (key) => `${publicBase}/${key.split('/').map(encodeURIComponent).join('/')}`,
      keyOf: (url) => (url.startsWith(`${publicBase}/`) ? decodeURIComponent(url.slice(publicBase.length + 1)) : undefined),
    },
    private: area('private'),
    origins: [...new Set([new URL(bucketUrl(options)).origin, new URL(publicBase).origin])],
  };
}

interface AreaOptions {
  client: S3Client;
  bucket: string;
  scope: 'public' | 'private';
  partSize: number;
}

function s3Area(options: AreaOptions): MediaStorage {
  const { client, bucket, scope } = options;
  const keyOf = (key: string) => {
    if (key.split('/').some((part) => part === '..' || part === '.')) throw new Error(`media key escapes its area: ${key}`);
    return `${scope}/${key}`;
  };
  const headers = (key: string, contentType: string | undefined) => ({
    ContentType: contentType ?? contentTypeOf(key),
    CacheControl: cacheControlOf(key, scope),
  });
  return {
    async put(key, data, put) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(key), Body: data, ...headers(key, put?.contentType) }));
    },
    async putFile(key, localPath, put) {
      const { size } = await stat(localPath);
      const object = { Bucket: bucket, Key: keyOf(key), ...headers(key, put?.contentType) };
      if (size <= options.partSize) {
        await client.send(new PutObjectCommand({ ...object, Body: createReadStream(localPath), ContentLength: size }));
      } else {
        await uploadInParts({ client, object, localPath, partSize: options.partSize });
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },
    async localFile(key, local) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
      const path = join(local.scratchDir, basename(key));
      await pipeline(object.Body as Readable, createWriteStream(path));
      return path;
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async directUrl(key, link) {
      const expiresIn = Math.max(1, Math.floor((link.expiresAt.getTime() - Date.now()) / 1000));
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }), { expiresIn });
    },
    localRoot: undefined,
  };
}

/** A multipart upload read from the file one part at a time: memory stays at one part. */
async function uploadInParts(input: {
  client: S3Client;
  object: { Bucket: string; Key: string; ContentType: string; CacheControl: string };
  localPath: string;
  partSize: number;
}): Promise<void> {
  const { client, object } = input;
  const { UploadId } = await client.send(new CreateMultipartUploadCommand(object));
  const target = { Bucket: object.Bucket, Key: object.Key, UploadId };
  const file = await open(input.localPath, 'r');
  try {
    const parts: { PartNumber: number; ETag: string | undefined }[] = [];
    const buffer = Buffer.alloc(input.partSize);
    for (let PartNumber = 1; ; PartNumber++) {
      const { bytesRead } = await file.read(buffer, 0, input.partSize, null);
      if (bytesRead === 0) break;
      const part = await client.send(new UploadPartCommand({ ...target, PartNumber, Body: buffer.subarray(0, bytesRead) }));
      parts.push({ PartNumber, ETag: part.ETag });
    }
    await client.send(new CompleteMultipartUploadCommand({ ...target, MultipartUpload: { Parts: parts } }));
  } catch (error) {
    // Parts of an abandoned upload are billed until aborted.
    await client.send(new AbortMultipartUploadCommand(target)).catch(() => {});
    throw error;
  } finally {
    await file.close();
  }
}

/** The bucket's own URL, path-style or virtual-hosted as the server is addressed. */
function bucketUrl(options: S3Settings): string {
  const endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  const base = endpoint.origin + endpoint.pathname.replace(/\/$/, '');
  if (options.forcePathStyle) return `${base}/${options.bucket}`;
  return `${endpoint.protocol}//${options.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}`;
}
