import { createEffect } from 'effector';
import type { MaintenanceStatus, RegisterBody, TokenPair, UserMe } from './contract';
import { requestFx } from './request';

/*
 * Thin typed wrappers over the one request effect (STYLE 5). Models `attach` their own copies,
 * so each has its own `.pending` and a test can replace it.
 */

export const registerFx = createEffect(
  (body: RegisterBody) =>
    requestFx({ method: 'POST', path: '/auth/register', body, skipAuth: true }) as Promise<TokenPair | null>,
);

export const getMeFx = createEffect(
  () => requestFx({ method: 'GET', path: '/user/me', fallback: 'null' }) as Promise<UserMe | null>,
);

export const getMaintenanceFx = createEffect(
  () =>
    requestFx({ method: 'GET', path: '/maintenance/', skipAuth: true, fallback: 'null' }) as Promise<
      MaintenanceStatus | null
    >,
);
