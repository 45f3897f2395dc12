/** Errors services throw; plugins/errors.ts turns them into problem+json responses. */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  constructor(entity: string) {
    super(404, 'Not Found', `${entity} not found`);
  }
}

export class BadRequestError extends DomainError {
  constructor(message: string) {
    super(400, 'Bad Request', message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(409, 'Conflict', message);
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

export class TooManyRequestsError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'Too Many Requests', `Too many attempts. Try again in ${retryAfterSeconds} seconds.`);
  }
}
