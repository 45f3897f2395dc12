import { createReadStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HotMediaFiles } from './hot-media-files';

/** Reads when a file is streamed from disk: 16 times Node's default, a few reads per segment. */
export const STREAM_READ_BYTES = 1024 * 1024;

export interface LocalFileAnswer {
  /** The storage area's directory and the key inside it (already checked by the caller). */
  root: string;
  key: string;
  /** Set on every answer that is the file (200, 206, 304), not on errors. */
  cacheControl: string;
  hot: HotMediaFiles;
}

/**
 * A local media file with Range, ETag, Last-Modified, conditional requests and HEAD, answered as
 * reply.sendFile answers it, with the bytes from memory when the file is kept (HotMediaFiles) and
 * otherwise streamed with large reads. @fastify/send makes the status and headers (asked as a HEAD,
 * so it stats the file without opening it); only the body is ours, so both ways answer alike.
 * Errors (404, 416, 412) are left to reply.sendFile as before.
 */
export async function sendLocalFile(request: FastifyRequest, reply: FastifyReply, input: LocalFileAnswer): Promise<FastifyReply> {
  const asHead = { method: 'HEAD', headers: request.headers } as unknown as IncomingMessage;
  const answer = await send(asHead, encodeURI(input.key), { root: input.root, dotfiles: 'allow', cacheControl: false });
  if (answer.type !== 'file') return reply.sendFile(input.key, input.root, { cacheControl: false });
  reply.code(answer.statusCode).headers(answer.headers).header('cache-control', input.cacheControl);
  if (request.method === 'HEAD' || answer.statusCode === 304) return reply.send(answer.stream);
  const { path, stat } = answer.metadata;
  const { start, end } = byteRange(answer.headers, stat.size);
  const kept = await input.hot.bytesOf(path, stat);
  if (kept) return reply.send(kept.subarray(start, end + 1));
  return reply.send(createReadStream(path, { start, end: Math.max(start, end), highWaterMark: STREAM_READ_BYTES }));
}

/** The bytes the answer covers: its Content-Range on a 206, the whole file otherwise. */
function byteRange(headers: Record<string, string>, size: number): { start: number; end: number } {
  const range = /^bytes (\d+)-(\d+)\//.exec(headers['Content-Range'] ?? '');
  return range ? { start: Number(range[1]), end: Number(range[2]) } : { start: 0, end: size - 1 };
}
