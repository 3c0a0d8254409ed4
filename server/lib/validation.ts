import { z } from 'zod';
import { type FieldError, ValidationError, templateOf } from './errors';

/**
 * Validates a request part (body, query or params) at the edge. Every route goes through here, so a
 * bad request always answers 422 with the same shape, whatever part was wrong; a problem whose message
 * is a contract template carries its code and params.
 */
export function parseOr422<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(
    result.error.issues.map((issue): FieldError => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
      ...templateOf(issue.message),
    })),
  );
}
