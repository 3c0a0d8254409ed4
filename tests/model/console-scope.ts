import { allSettled, fork, type Effect, type Scope, type StoreWritable } from 'effector';
import { createMemoryHistory } from 'history';
import { consoleSessionModel } from '@console/entities/session';
import { ApiError } from '@/shared/api';
import { $operatorToken } from '@console/shared/api';
import { consoleRouter } from '@console/shared/routing';

/* eslint-disable @typescript-eslint/no-explicit-any -- test wiring accepts any unit pair */
type Handlers = Array<readonly [Effect<any, any, any>, (...args: any[]) => unknown]>;
type Values = Array<readonly [StoreWritable<any>, unknown]>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** A scope of the console with a signed-in operator and the given server answers. */
export function signedInConsole(handlers: Handlers = [], values: Values = []): Scope {
  return fork({
    values: [[consoleSessionModel.$sessionState, 'signedIn'], [$operatorToken, 'operator-token'], ...values] as Array<
      [StoreWritable<unknown>, unknown]
    >,
    handlers: handlers as Array<[Effect<unknown, unknown, unknown>, (...args: unknown[]) => unknown]>,
  });
}

/** Opens a console path (below /operator) in the scope's router. */
export const openConsole = (scope: Scope, path: string) =>
  allSettled(consoleRouter.setHistory, {
    scope,
    params: createMemoryHistory({ initialEntries: [`/operator${path}`] }),
  });

export const httpFailure = (status: number, message = 'refused') =>
  new ApiError({ kind: 'http', status, message, serverMessage: message });

/** A promise the test resolves when it wants (an answer still on its way). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** Lets what was fired settle as far as it can without awaiting the answers still on their way. */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
