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

/*
 * The bridge's caps (limits.ts): what one address or one client id may hold, each well above what the
 * sandbox's own pages use and what a developer's tabs add, low enough that a script cannot fill the
 * process or the database. Beyond one: 429 with its code, nothing opened or stored.
 */
/**
 * Open streams from one address (an IPv6 one by its /64), in one process (streams live in the process
 * that serves them). Each is a socket, a bus subscription and a read on every heartbeat; a person's
 * browser holds a few: the app's one per HTTP-bridge session, the phone wallet page's one, a few tabs.
 */
export const BRIDGE_MAX_STREAMS_PER_ADDRESS = 20;
/**
 * Open streams listening to one client id, in one process: a session's key is one app's (or one wallet's),
 * which listens once; a reconnect racing its old stream's close, or the app in a second tab, adds one.
 */
export const BRIDGE_MAX_STREAMS_PER_CLIENT_ID = 4;
/**
 * Unexpired messages stored from one address (counted in the database, across processes). A connection
 * costs a connect event, each request two messages (the request, its answer), and they live at most
 * BRIDGE_MAX_TTL_SECONDS: a person's five minutes use a few dozen; 100 × 64 kB bounds what one address
 * keeps at ~6 MB.
 */
export const BRIDGE_MAX_MESSAGES_PER_ADDRESS = 100;
/** Unexpired messages stored for one client id: one session's mailbox, whoever posts to it. */
export const BRIDGE_MAX_MESSAGES_PER_CLIENT_ID = 50;
