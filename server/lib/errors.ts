import { SERVER_MESSAGES } from '@/shared/api/contract';

/**
 * Domain errors: services throw these without knowing HTTP; the one error handler in app.ts maps
 * `status` to the response and `message` to `{ msg }` (DESIGN.md §4 Errors).
 */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502 | 503,
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
  constructor(message: string = SERVER_MESSAGES.notAuthenticated) {
    super(401, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string = SERVER_MESSAGES.notFound) {
    super(404, message);
  }
}

/** An upload bigger than the setting allows (SPEC §8: the client shows its own text for any 413). */
export class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super(413, message);
  }
}

/** A service the product relies on (the Bot API) failed; the user may try again. */
export class BadGatewayError extends DomainError {
  constructor(message: string) {
    super(502, message);
  }
}

/** A rate limit was reached (docs/security.md "Limits"); the answer carries Retry-After. */
export class TooManyRequestsError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, SERVER_MESSAGES.tooManyRequests);
  }
}

/** The server cannot answer now (the database is unreachable, a shutdown, overload): try again shortly. */
export class ServiceUnavailableError extends DomainError {
  constructor() {
    super(503, SERVER_MESSAGES.unavailable);
  }
}

/** One field problem in a 422 answer. */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * A 422. Its `msg` is what a person reads in the app's toast: a message written as a sentence
 * ('Amount must be at least 1 TON') stands alone; a terse one ('must be a whole number from 1 to 10')
 * is named by its field. `errors` keeps every field path for programs.
 */
export class ValidationError extends Error {
  override name = 'ValidationError';
  constructor(readonly errors: FieldError[]) {
    super(errors[0] ? validationText(errors[0]) : 'Validation error');
  }
}

const isSentence = (text: string) => /^[A-Z]/.test(text);

export function validationText({ path, message }: FieldError): string {
  return !path || isSentence(message) ? message : `${path}: ${message}`;
}
