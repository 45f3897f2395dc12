import type { ActiveStream } from '@marquee/contract';

/** A refusal about one field of the request body, shown beside that field by the console's forms. */
export interface FieldRefusal {
  /** The body field, e.g. 'slug' (reported as 'body.slug', as validation errors are). */
  field: string;
}

/** Errors services throw; plugins/errors.ts turns them into problem+json responses. */
export class DomainError extends Error {
  readonly field: string | undefined;

  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    refusal?: FieldRefusal,
  ) {
    super(message);
    this.name = new.target.name;
    this.field = refusal?.field;
  }
}

export class NotFoundError extends DomainError {
  constructor(entity: string) {
    super(404, 'Not Found', `${entity} not found`);
  }
}

export class BadRequestError extends DomainError {
  constructor(message: string, refusal?: FieldRefusal) {
    super(400, 'Bad Request', message, refusal);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, refusal?: FieldRefusal) {
    super(409, 'Conflict', message, refusal);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Sign in to continue') {
    super(401, 'Unauthorized', message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(403, 'Forbidden', message);
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(message: string, refusal?: FieldRefusal) {
    super(413, 'Payload Too Large', message, refusal);
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: string) {
    super(415, 'Unsupported Media Type', message);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'Too Many Requests', `Too many attempts. Try again in ${retryAfterSeconds} seconds.`);
  }
}

/** Every simultaneous stream of the viewer's plan is in use: the problem lists them (`streams`). */
export class TooManyStreamsError extends ConflictError {
  constructor(
    message: string,
    readonly streams: ActiveStream[],
  ) {
    super(message);
  }
}
