/**
 * Error answers carry a stable code beside docs/product.md §8's msg (src/shared/api/contract/errors.ts): the
 * server derives msg from the code, and reads the contract's texts back from schema messages.
 */
import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError, fieldError, templateOf } from '../../server/lib/errors';

describe('error codes on the server', () => {
  it('a domain error takes its msg from its code, filled with its params', () => {
    expect(new NotFoundError()).toMatchObject({
      status: 404,
      code: 'notFound',
      message: 'Not found',
      params: undefined,
    });
    const wait = new ConflictError({ code: 'taskVisitWait', params: { seconds: '7' } });
    expect(wait).toMatchObject({ status: 409, code: 'taskVisitWait', params: { seconds: '7' } });
    expect(wait.message).toBe('Stay on the page a little longer: check again in 7 s');
    expect(new ConflictError({ code: 'conflict', msg: 'This proof was already reviewed' }).message).toBe(
      'This proof was already reviewed',
    );
  });

  it("a 422 carries its first problem's code and params, or `validation` when that is no contract text", () => {
    const low = new ValidationError([
      fieldError('amount', 'amountAtLeast', { amount: '1' }),
      { path: 'days', message: 'x' },
    ]);
    expect(low).toMatchObject({
      code: 'amountAtLeast',
      params: { amount: '1' },
      message: 'Amount must be at least 1 TON',
    });
    expect(new ValidationError([{ path: 'init_data', message: 'init_data is required' }])).toMatchObject({
      code: 'validation',
      params: undefined,
    });
  });

  it("reads the contract's texts back from a schema's messages: templates with their params, fixed texts exactly", () => {
    expect(templateOf('must be a whole number from 1 to 10')).toEqual({ code: 'wholeNumber', params: { max: '10' } });
    expect(templateOf('Amount must have at most 9 decimal places')).toEqual({
      code: 'amountDecimals',
      params: { max: '9' },
    });
    expect(templateOf('Amount is too long')).toEqual({ code: 'amountTooLong' });
    expect(templateOf('Sell from one balance: main, referral or task')).toEqual({ code: 'sellOneSource' });
    expect(templateOf('Amount must be at least 1.5 TONS')).toBeNull();
    expect(templateOf('init_data is required')).toBeNull();
  });
});
