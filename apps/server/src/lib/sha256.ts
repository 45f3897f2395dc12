import { createHash } from 'node:crypto';

/** The hex SHA-256 of a text: token and nonce digests, content hashes, stable keys from names. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
