import {
  type DetailErrorCode,
  type ErrorCode,
  SERVER_MESSAGES,
  type ServerMessageCode,
  VALIDATION_MESSAGES,
  type ValidationCode,
  errorText,
} from '@contract';

type Params = Record<string, string>;
type TextCode = Exclude<ErrorCode, DetailErrorCode>;

/**
 * How an error names its text: a code of the contract's tables (its text is derived, filled with
 * `params`), or a detail code with the text itself (operator and sandbox answers, Fastify's 400s).
 */
export type ErrorSpec = TextCode | { code: TextCode; params: Params } | { code: ErrorCode; msg: string };

const specOf = (spec: ErrorSpec): { code: ErrorCode; params?: Params; msg: string } => {
  if (typeof spec === 'string') return { code: spec, msg: errorText(spec) };
  if ('msg' in spec) return spec;
  return { code: spec.code, params: spec.params, msg: errorText(spec.code, spec.params) };
};

/**
 * Domain errors: services throw these without knowing HTTP; the one error handler in app.ts maps
 * `status` to the response and `code`, `params` and the code's text (`message`) to `{ msg, code, params }`
 * (docs/foundations.md §4 Errors; src/shared/api/contract/errors.ts).
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly params: Params | undefined;
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502 | 503,
    spec: ErrorSpec,
  ) {
    const { code, params, msg } = specOf(spec);
    super(msg);
    this.name = new.target.name;
    this.code = code;
    this.params = params;
  }
}

export class BadRequestError extends DomainError {
  constructor(spec: ErrorSpec) {
    super(400, spec);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(spec: ErrorSpec = 'notAuthenticated') {
    super(401, spec);
  }
}

export class ForbiddenError extends DomainError {
  constructor(spec: ErrorSpec) {
    super(403, spec);
  }
}

export class NotFoundError extends DomainError {
  constructor(spec: ErrorSpec = 'notFound') {
    super(404, spec);
  }
}

/** A 409: the call is refused in the state things are in. */
export class ConflictError extends DomainError {
  constructor(spec: ErrorSpec) {
    super(409, spec);
  }
}

/** An upload bigger than the setting allows (docs/product.md §8: the client shows its own text for any 413). */
export class PayloadTooLargeError extends DomainError {
  constructor(spec: ErrorSpec = 'payloadTooLarge') {
    super(413, spec);
  }
}

/** A service the product relies on (the Bot API, the chain) failed; the user may try again. */
export class BadGatewayError extends DomainError {
  constructor(spec: ErrorSpec) {
    super(502, spec);
  }
}

/** A rate limit was reached (docs/security.md "Limits"); the answer carries Retry-After. */
export class TooManyRequestsError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'tooManyRequests');
  }
}

/** The server cannot answer now (the database is unreachable, a shutdown, overload): try again shortly. */
export class ServiceUnavailableError extends DomainError {
  constructor() {
    super(503, 'unavailable');
  }
}

/** One field problem in a 422 answer; `code` and `params` when its message is a contract template. */
export interface FieldError {
  path: string;
  message: string;
  code?: ErrorCode;
  params?: Params;
}

/** A field problem from a template code: its text filled with `params` (`code` and `params` kept for the answer). */
export function fieldError(path: string, code: ValidationCode | TextCode, params?: Params): FieldError {
  return { path, message: errorText(code, params), code, ...(params ? { params } : {}) };
}

/**
 * A 422. Its `msg` is what a person reads in the app's toast: a message written as a sentence
 * ('Amount must be at least 1 TON') stands alone; a terse one ('must be a whole number from 1 to 10')
 * is named by its field. `errors` keeps every field path for programs. `code` and `params` are the
 * first problem's when it is a template, else `validation` (the msg is the detail).
 */
export class ValidationError extends Error {
  override name = 'ValidationError';
  readonly code: ErrorCode;
  readonly params: Params | undefined;
  constructor(readonly errors: FieldError[]) {
    super(errors[0] ? validationText(errors[0]) : 'Validation error');
    this.code = errors[0]?.code ?? 'validation';
    this.params = errors[0]?.params;
  }
}

const isSentence = (text: string) => /^[A-Z]/.test(text);

export function validationText({ path, message }: FieldError): string {
  return !path || isSentence(message) ? message : `${path}: ${message}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const TEMPLATE_PATTERNS = Object.entries({ ...SERVER_MESSAGES, ...VALIDATION_MESSAGES }).map(([code, template]) => {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      names.push(name);
      return '(.+?)';
    })
    .join('');
  return { code: code as ServerMessageCode | ValidationCode, names, pattern: new RegExp(`^${source}$`) };
});

/**
 * A schema's issue message → its code and a template's params. The wire schemas (shared with the client,
 * which must stay zod-light) write the contract's texts (SERVER_MESSAGES, VALIDATION_MESSAGES filled in)
 * into their messages; this reads them back at the edge, so their 422s carry a code too. A message that
 * is none of them keeps code `validation`.
 */
export function templateOf(message: string): { code: ServerMessageCode | ValidationCode; params?: Params } | null {
  for (const { code, names, pattern } of TEMPLATE_PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    if (names.length === 0) return { code };
    return { code, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) };
  }
  return null;
}
