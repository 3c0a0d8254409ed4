import { z } from 'zod';
import { idTextSchema } from '@/shared/api/contract';
import { MoneyFormatError, parseUnits } from './money';
import { ValidationError } from './errors';

/**
 * Validates a request part (body, query or params) at the edge. Every route goes through here, so a
 * bad request always answers 422 with the same shape, whatever part was wrong.
 */
export function parseOr422<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(
    result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  );
}

/** A money amount in whole units on the wire (number or decimal text) → exact base units. */
export const unitsSchema = z.union([z.number(), z.string().max(64)]).transform((value, ctx) => {
  try {
    return parseUnits(value);
  } catch (error) {
    if (!(error instanceof MoneyFormatError)) throw error;
    ctx.addIssue({ code: 'custom', message: error.message });
    return z.NEVER;
  }
});

/** Ids in paths, e.g. `/users/:id`, with the database's bounds (the contract's one id schema). */
export const idParamsSchema = z.strictObject({ id: idTextSchema });
