import { OPERATOR_SOCKET_PATH, SOCKET_PATHS } from '@contract/constants';
import type { OperatorSocketEvents } from '@contract/console/schemas';
import { createSocketModel, socketUrl } from '@shared/api/socket';
import { $operatorToken } from './token';

/**
 * The console's socket (/api/ws/operator): the operator session's token as its first message, then
 * `{event, data}` messages (the contract's operatorSocketEventSchemas). The app's socket model, so it
 * reconnects with the same backoff and stops on 4401 until asked again.
 */
export const operatorSocket = createSocketModel<OperatorSocketEvents>({
  url: () => socketUrl(OPERATOR_SOCKET_PATH.replace(SOCKET_PATHS.main, '')),
  tokenSource: $operatorToken,
});
