import compress from '@fastify/compress';
import { constants } from 'node:zlib';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers (and any other compressible body) when the client asks for it, above a
 * size threshold. Bodies that already carry a Content-Encoding (the web build's precompressed
 * assets, the catalogue's precompressed answers) pass through untouched; partial content (206) and
 * media types (video, images) are never compressed.
 */
export const compression = fp(async (app) => {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Quality 4 compresses a 30 kB JSON answer in well under a millisecond; 11 would take tens.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
});
