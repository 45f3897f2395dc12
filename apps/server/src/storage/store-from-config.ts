import type { Config } from '../config';
import { s3MediaStore } from './s3-storage';
import { localMediaStore, type MediaStore } from './storage';

/** The media store the configuration names: the server, the workers and the CLIs all use this one. */
export function mediaStoreFromConfig(config: Config): MediaStore {
  if (config.media.s3) return s3MediaStore(config.media.s3);
  return localMediaStore({ publicRoot: config.mediaDir, privateRoot: config.privateMediaDir });
}
