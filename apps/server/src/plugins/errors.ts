import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Problem } from '@marquee/contract';
import { DomainError, TooManyRequestsError, TooManyStreamsError } from '../lib/domain-errors';

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
  input: { status: number; detail: string; title?: string; errors?: Problem['errors']; streams?: Problem['streams'] },
): FastifyReply {
  const title = input.title ?? REASONS[input.status] ?? 'Error';
  const body: Problem = {
    type: 'about:blank',
    title,
    status: input.status,
    detail: input.detail,
    message: input.detail,
    ...(input.errors ? { errors: input.errors } : {}),
    ...(input.streams ? { streams: input.streams } : {}),
  };
  return reply.status(input.status).type('application/problem+json').send(body);
}

/** Fastify's own refusals before any route is found (a malformed percent-encoding in the path). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    sendProblem(reply, { status: 400, detail: 'The address is not valid: it has a malformed %-encoding' });
    return;
  }
  sendProblem(reply, { status: error.statusCode && error.statusCode < 500 ? error.statusCode : 400, detail: 'The request could not be read' });
}

/** One place maps every error to problem+json; 5xx details are logged, never sent. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Requests whose body was read and validated: an unexplained error before that point is the body's.
  const parsed = new WeakSet<FastifyRequest>();
  // A callback hook, not an async one: it runs on every request, and a promise each time costs more than the work.
  app.addHook('preHandler', (request, _reply, done) => {
    parsed.add(request);
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      const errors = error.field ? [{ path: `body.${error.field}`, message: error.message }] : undefined;
      const streams = error instanceof TooManyStreamsError ? error.streams : undefined;
      return sendProblem(reply, { status: error.status, title: error.title, detail: error.message, errors, streams });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'is invalid',
      }));
      const detail = errors.map((e) => `${e.path}: ${e.message}`).join('; ');
      return sendProblem(reply, { status: 400, detail, errors });
    }
    // The multipart parser (busboy) throws plain errors for a truncated body or a missing boundary.
    if (error.statusCode === undefined && readsFormData(request) && request.isMultipart() && !parsed.has(request)) {
      return sendProblem(reply, { status: 400, detail: `The form data could not be read: ${error.message}` });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendProblem(reply, { status, detail: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, { status: 500, detail: 'Something went wrong on our side. Please try again.' });
  });
});

/** Whether the request's route reads form data (plugins/form-data.ts): only those scopes can tell. */
function readsFormData(request: FastifyRequest): boolean {
  return typeof (request as Partial<Pick<FastifyRequest, 'isMultipart'>>).isMultipart === 'function';
}
