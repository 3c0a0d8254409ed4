import type { Effect } from 'effector';
import { operatorRoutes, type OperatorCallName } from '@contract/console/routes';
import type { OperatorBody, OperatorParams, OperatorQuery, OperatorResponse } from '@contract/console/schemas';
import type { ApiError } from '@shared/api/errors';
import { createCallFx } from '@shared/call/create-call-fx';
import { operatorRequestFx } from '../api';

/** The parts of operator call K (typed from its schemas, as the app's CallParts). */
export interface OperatorCallParts<K extends OperatorCallName> {
  body?: OperatorBody<K>;
  query?: OperatorQuery<K>;
  params?: OperatorParams<K>;
}

/**
 * A new effect for operator call K: the Mini App's callFx with the operator table and the console's
 * request effect (the same maker, src/shared/call/create-call-fx.ts; docs/contract.md "Consuming a
 * call"). A model makes its own (`const overviewFx = operatorCallFx('overview')`), so each has its own
 * `.pending` and a test replaces it; a segment of its own (not in the api barrel), so the swc plugin gives
 * each model's its own sids (docs/style.md §10).
 */
export function operatorCallFx<K extends OperatorCallName>(
  name: K,
): Effect<OperatorCallParts<K> | void, OperatorResponse<K>, ApiError> {
  return createCallFx(operatorRoutes[name], operatorRequestFx);
}
