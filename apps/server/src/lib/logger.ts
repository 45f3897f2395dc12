import pino, { type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config';

type LogSettings = Pick<Config, 'logLevel' | 'logFormat'>;

/**
 * How every process logs: the configured level, JSON lines or readable lines, credentials
 * redacted. The server hands these options to Fastify; workers and scripts use createLogger.
 */
export function loggerOptions(settings: LogSettings): LoggerOptions {
  return {
    level: settings.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(settings.logFormat === 'pretty'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

export function createLogger(settings: LogSettings): Logger {
  return pino(loggerOptions(settings));
}
