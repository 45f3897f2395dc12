import pino, { type Logger, type LoggerOptions } from 'pino';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { redactUrl } from './redact-url';

type LogSettings = Pick<Config, 'logLevel' | 'logFormat'>;

/**
 * How every process logs: the configured level, JSON lines or readable lines, credentials
 * redacted. The server hands these options to Fastify; workers and scripts use createLogger.
 */
export function loggerOptions(settings: LogSettings): LoggerOptions {
  return {
    level: settings.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: { req: requestForLog },
    ...(settings.logFormat === 'pretty'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

/** What a log line says of a request (Fastify's own fields), its URL's sensitive parameters redacted. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function createLogger(settings: LogSettings): Logger {
  return pino(loggerOptions(settings));
}
