import { createEvent, createStore, sample } from 'effector';
import { chainOperator } from '@console/entities/session';
import { type OperatorUser, type OperatorUserDetail } from '@console/shared/api';
import { operatorCallFx } from '@console/shared/call';
import { createQuery } from '@shared/lib/query';
import { consoleRoutes } from '@console/shared/routing';

export const usersFindFx = operatorCallFx('usersFind');
export const userDetailFx = operatorCallFx('userDetail');

// ---- the search ------------------------------------------------------------------------------------------
export const searchRoute = chainOperator(consoleRoutes.users);
export const queryChanged = createEvent<string>();
export const searchSubmitted = createEvent();
export const $query = createStore('').on(queryChanged, (_, text) => text);

export const found = createQuery({ effect: usersFindFx, initial: [] as OperatorUser[] });
/** The search as it was sent (the list below is its answer). */
export const $searched = createStore<string | null>(null);

const search = sample({
  clock: searchSubmitted,
  source: $query.map((text) => text.trim()),
  filter: (text) => text.length > 0 && text.length <= 64,
});
$searched.on(search, (_, text) => text);
sample({ clock: search, fn: (q) => ({ query: { q } }), target: found.start });

// ---- one user (read only) --------------------------------------------------------------------------------
export const userRoute = chainOperator(consoleRoutes.user);
export const detail = createQuery({ effect: userDetailFx, initial: null as OperatorUserDetail | null });
export const detailRetried = createEvent();

sample({
  clock: [userRoute.opened, userRoute.updated],
  fn: ({ params }) => ({ params: { id: Number(params.id) } }),
  target: detail.start,
});
sample({
  clock: detailRetried,
  source: userRoute.$params,
  fn: (params) => ({ params: { id: Number(params.id) } }),
  target: detail.start,
});
// Another user's page never shows the previous one's data while it loads.
detail.$data.reset(userRoute.closed, userRoute.updated);
