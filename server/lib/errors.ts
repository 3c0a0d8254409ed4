/**
 * Domain errors: services throw these without knowing HTTP; the one error handler in app.ts maps
 * `status` to the response and `message` to `{ msg }` (DESIGN.md §4 Errors).
 */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends DomainError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Not authenticated') {
    super(401, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

/** One field problem in a 422 answer. */
export interface FieldError {
  path: string;
  message: string;
}

export class ValidationError extends Error {
  override name = 'ValidationError';
  constructor(readonly errors: FieldError[]) {
    const first = errors[0];
    super(first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Validation error');
  }
}
