/**
 * The sandbox's TON Connect HTTP bridge: the base URL the dev wallet's wallets-list entry names. The SDK
 * (BridgeGateway) appends `/events` (the SSE stream) and `/message` (a POST).
 */
export const BRIDGE_PATH = '/bridge';
export const BRIDGE_EVENTS_PATH = `${BRIDGE_PATH}/events`;
export const BRIDGE_MESSAGE_PATH = `${BRIDGE_PATH}/message`;

/** How often an open stream sends `event: heartbeat` (and reads the database again, in case a notification was missed). */
export const BRIDGE_HEARTBEAT_MS = 15_000;
/** Client ids one stream may listen to (a wallet listens to all its sessions on one stream). */
export const BRIDGE_MAX_CLIENT_IDS = 10;
/** A message's time to live, in seconds: the SDK sends 300 by default. */
export const BRIDGE_MAX_TTL_SECONDS = 300;
/** A posted message's size at most (its base64 text). */
export const BRIDGE_BODY_LIMIT_BYTES = 64 * 1024;
/** The POST's answer, as the public bridges answer it. */
export const BRIDGE_OK = { message: 'OK', statusCode: 200 } as const;
