/**
 * callFx: a contract call's effect made from the call table (docs/contract.md "Adding a call"): method,
 * path with its parameters, auth and the 5xx fallback all come from the table, none written per call.
 */
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { callFx, requestFx, type RequestOptions } from '@/shared/api';

function scopeAnswering(answer: unknown) {
  const sent: RequestOptions[] = [];
  const handler = vi.fn(async (options: RequestOptions) => {
    sent.push(options);
    return answer;
  });
  return { scope: fork({ handlers: [[requestFx, handler]] }), sent };
}

describe('callFx', () => {
  it('sends the call as the table says, path parameters filled in', async () => {
    const cancelFx = callFx('mintCancel');
    const { scope, sent } = scopeAnswering({ id: 7 });
    const result = await allSettled(cancelFx, { scope, params: { params: { id: 7 } } });
    expect(result).toEqual({ status: 'done', value: { id: 7 } });
    expect(sent).toEqual([
      expect.objectContaining({ method: 'POST', path: '/mint/7/cancel', skipAuth: false, fallback: 'null' }),
    ]);
  });

  it('carries query and body, goes without the token where the table says so, and takes the array fallback', async () => {
    const { scope, sent } = scopeAnswering([]);
    await allSettled(callFx('mintList'), { scope, params: { query: { page: '2' } } });
    await allSettled(callFx('register'), { scope, params: { body: { init_data: 'x' } } });
    await allSettled(callFx('taskList', 'array'), { scope, params: {} });
    expect(sent).toEqual([
      expect.objectContaining({ method: 'GET', path: '/mint/', query: { page: '2' }, skipAuth: false }),
      expect.objectContaining({ method: 'POST', path: '/auth/register', body: { init_data: 'x' }, skipAuth: true }),
      expect.objectContaining({ method: 'GET', path: '/task/list', fallback: 'array' }),
    ]);
  });

  it('makes a new effect each time, so each model has its own pending state', () => {
    expect(callFx('me')).not.toBe(callFx('me'));
  });
});
