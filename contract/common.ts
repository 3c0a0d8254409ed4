/**
 * The contract's building blocks, shared by the domains: money, ids, pages, the error body.
 *
 * Money is a decimal string in whole units (./money.ts); on the server a request amount parses
 * straight into exact base units (bigint), so `z.output` of a request schema carries bigints.
 */
import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT, MAX_DB_INTEGER } from './constants';
import { ERROR_CODES, VALIDATION_MESSAGES, fillText } from './errors';
import { MoneyFormatError, MONEY_TEXT_PATTERN, parseUnits } from './money';

/** An amount as the server sends it. */
export const moneyText = z.string().regex(MONEY_TEXT_PATTERN, 'a decimal amount in whole units');

/** An amount as a client sends it: decimal text only (no JSON number, no exponent), → base units. */
export const moneyInput = z
  .string()
  .max(40, VALIDATION_MESSAGES.amountTooLong)
  .transform((text, ctx) => {
    try {
      return parseUnits(text);
    } catch (error) {
      if (!(error instanceof MoneyFormatError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
      return z.NEVER;
    }
  });

/*
 * Every id, page and limit is read through these, with the database's bounds, so a hostile value is a
 * 422 at the edge and never reaches SQL. Ids are Postgres INTEGER (SERIAL); pages stop where
 * (page - 1) × limit would leave that range.
 */
export const DB_INT_MAX = MAX_DB_INTEGER;
export const PAGE_MAX = Math.floor(DB_INT_MAX / LIST_MAX_LIMIT);

const wholeNumberText = (max: number) => fillText(VALIDATION_MESSAGES.wholeNumber, { max });
/** In a JSON body: a number, an integer, 1..max. */
export const wholeNumber = (max: number) => {
  const error = wholeNumberText(max);
  return z.number({ error }).int({ error }).min(1, { error }).max(max, { error });
};
/**
 * In a path or query string: plain decimal digits only (no sign, exponent, hex, blanks or leading
 * zeros), 1..max. A number is taken as is, so the client may send `{ page: 2 }` (typed from z.input).
 */
export const wholeNumberInText = (max: number) => {
  const error = wholeNumberText(max);
  return z
    .union(
      [
        z.number({ error }),
        z
          .string({ error })
          .regex(/^[1-9][0-9]{0,9}$/, { error })
          .transform(Number),
      ],
      { error },
    )
    .pipe(wholeNumber(max));
};

/** An id (or a plan's `days` key) in a JSON body. */
export const idSchema = wholeNumber(DB_INT_MAX);
/** An id (or a plan's `days` key) in a path or a query string. */
export const idTextSchema = wholeNumberInText(DB_INT_MAX);
/** `?page=`: from 1 (docs/product.md §7). */
export const pageTextSchema = wholeNumberInText(PAGE_MAX);
/** `?limit=`: a page size. */
export const limitTextSchema = wholeNumberInText(LIST_MAX_LIMIT);

/** `/…/:id/…` path parameters. */
export const idParamsSchema = z.strictObject({ id: idTextSchema });

/** `?page=&limit=` of list calls: page from 1 (docs/product.md §7), limit LIST_DEFAULT_LIMIT unless given. */
export const pageQuerySchema = z.object({
  page: pageTextSchema.default(1),
  limit: limitTextSchema.default(LIST_DEFAULT_LIMIT),
});

/** Every list call answers one page: the items, newest first, and the total count across pages. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });

/** Every error answer (./errors.ts): docs/product.md §8's text, its stable code, a template's values, a 422's fields. */
export const errorBodySchema = z.object({
  msg: z.string(),
  code: z.enum(ERROR_CODES),
  params: z.record(z.string(), z.string()).optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export type ErrorBody = z.output<typeof errorBodySchema>;
export type PageQuery = z.input<typeof pageQuerySchema>;
export interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}
