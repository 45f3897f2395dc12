import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import type { Config } from '../../config';

/** Where a completed upload lies, as a key of the private media area (`store.private`). */
export const UPLOADS_PREFIX = 'uploads/';

export interface UploadStore {
  datastore: DataStore;
  /** The tus id of an upload whose URL ends in `name` (the datastore's own key). */
  idOf(name: string): string;
  /** The last segment of the upload's URL. */
  nameOf(id: string): string;
  /** The private media key of the upload's bytes, e.g. `uploads/4f…`. */
  sourceKeyOf(id: string): string;
}

/**
 * Uploads go straight into the private media area, beside the sources `npm run ingest` keeps: on
 * disk in `DATA_DIR/private-media/uploads/` (an `.json` file beside each holds its offset, so an
 * upload resumes after a restart), or in the bucket under `private/uploads/` (the S3 store keeps
 * its parts and an `.info` object there). Attaching an upload then needs no copy.
 */
export function uploadStoreFromConfig(config: Config): UploadStore {
  const s3 = config.media.s3;
  if (!s3) {
    return {
      datastore: new FileStore({ directory: join(config.privateMediaDir, UPLOADS_PREFIX) }),
      idOf: (name) => name,
      nameOf: (id) => id,
      sourceKeyOf: (id) => `${UPLOADS_PREFIX}${id}`,
    };
  }
  const prefix = `private/${UPLOADS_PREFIX}`;
  return {
    datastore: new FinishedUploadsS3Store({
      // Tags mark finished uploads for a lifecycle rule; S3-compatible stand-ins often lack them.
      useTags: false,
      s3ClientConfig: {
        bucket: s3.bucket,
        region: s3.region,
        ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
        ...(s3.credentials ? { credentials: s3.credentials } : {}),
        forcePathStyle: s3.forcePathStyle,
        // As in s3-storage.ts: no aws-chunked bodies, which older S3-compatible servers store as content.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      },
    }),
    idOf: (name) => `${prefix}${name}`,
    nameOf: (id) => id.slice(prefix.length),
    sourceKeyOf: (id) => `${UPLOADS_PREFIX}${id.slice(prefix.length)}`,
  };
}

/**
 * S3Store.remove aborts the upload's multipart upload before deleting its objects, but S3 answers
 * NoSuchUpload once that multipart upload is complete, and the store then reports the whole upload
 * as not found and keeps its object: a finished upload refused as no video would stay in the bucket
 * and its uploader be told 404. A finished upload has nothing left to abort, only objects to delete.
 */
class FinishedUploadsS3Store extends S3Store {
  override async remove(id: string): Promise<void> {
    const upload = await this.getUpload(id);
    if (upload.size === undefined || upload.offset !== upload.size) return super.remove(id);
    await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }] } });
    await this.clearCache(id);
  }
}
