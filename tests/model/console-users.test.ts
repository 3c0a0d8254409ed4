import { allSettled } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { consoleUsersModel } from '@console/pages/users';
import type { OperatorUser } from '@console/shared/api';
import { openConsole, signedInConsole } from './console-scope';

const { usersFindFx, queryChanged, searchSubmitted, found, $searched } = consoleUsersModel;

const maria: OperatorUser = {
  id: 5,
  telegram_id: 5005,
  first_name: 'Мария',
  last_name: 'Иванова',
  username: null,
  ref_code: 'MARIA001',
  created_at: 1_700_000_000,
};

describe('console: users', () => {
  it('searches by a name as typed (test users have no username), trimmed; a blank search is not sent', async () => {
    const find = vi.fn(async () => [maria]);
    const scope = signedInConsole([[usersFindFx, find]]);
    await openConsole(scope, '/users');
    await allSettled(queryChanged, { scope, params: '   ' });
    await allSettled(searchSubmitted, { scope });
    expect(find).not.toHaveBeenCalled();
    await allSettled(queryChanged, { scope, params: '  Мария Иванова ' });
    await allSettled(searchSubmitted, { scope });
    expect(find).toHaveBeenCalledExactlyOnceWith({ query: { q: 'Мария Иванова' } });
    expect(scope.getState($searched)).toBe('Мария Иванова');
    expect(scope.getState(found.$data)).toEqual([maria]);
  });
});
