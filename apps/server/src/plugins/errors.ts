import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Problem } from '@marquee/contract';
import { DomainError, TooManyRequestsError } from '../lib/domain-errors';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function sendProblem(
  reply: FastifyReply,
  input: { status: number; detail: string; title?: string; errors?: Problem['errors'] },
): FastifyReply {
  const title = input.title ?? REASONS[input.status] ?? 'Error';
  const body: Problem = {
    type: 'about:blank',
    title,
    status: input.status,
    detail: input.detail,
    message: input.detail,
    ...(input.errors ? { errors: input.errors } : {}),
  };
  return reply.status(input.status).type('application/problem+json').send(body);
}

/** One place maps every error to problem+json; 5xx details are logged, never sent. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      const errors = error.field ? [{ path: `body.${error.field}`, message: error.message }] : undefined;
      return sendProblem(reply, { status: error.status, title: error.title, detail: error.message, errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'is invalid',
      }));
      const detail = errors.map((e) => `${e.path}: ${e.message}`).join('; ');
      return sendProblem(reply, { status: 400, detail, errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendProblem(reply, { status, detail: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, { status: 500, detail: 'Something went wrong on our side. Please try again.' });
  });
});
