/**
 * callFx: a contract call's effect made from the call table (docs/contract.md "Consuming a call"): method,
 * path with its parameters, auth and the 5xx fallback all come from the table, none written per call.
 * The console's operatorCallFx is the same maker over the operator table and its own request effect.
 */
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { requestFx, type RequestOptions } from '@/shared/api';
import { callFx } from '@/shared/call';
import type { TransportRequest } from '@/shared/api';
import { operatorRequestFx } from '@console/shared/api';
import { operatorCallFx } from '@console/shared/call';

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

describe('operatorCallFx', () => {
  it('is the same maker: the operator table, the same parts, through the console request effect', async () => {
    const sent: TransportRequest[] = [];
    const scope = fork({
      handlers: [
        [
          operatorRequestFx,
          // An attached effect's handler takes its source (the token) and the mapped params.
          async (_token: string | null, { request }: { request: TransportRequest }) => {
            sent.push(request);
            return { ok: true };
          },
        ],
      ],
    });
    const result = await allSettled(operatorCallFx('userDetail'), { scope, params: { params: { id: 42 } } });
    await allSettled(operatorCallFx('usersFind'), { scope, params: { query: { q: 'alice' } } });
    expect(result).toEqual({ status: 'done', value: { ok: true } });
    expect(sent).toEqual([
      { method: 'GET', path: '/admin/users/42', query: undefined, body: undefined },
      { method: 'GET', path: '/admin/users', query: { q: 'alice' }, body: undefined },
    ]);
    expect(operatorCallFx('overview')).not.toBe(operatorCallFx('overview'));
  });
});
