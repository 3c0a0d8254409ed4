/**
 * The phone-style Dev Wallet's server half (docs/foundations.md §2): the path most users take, where the app and the
 * wallet talk through TON Connect's HTTP bridge, end-to-end encrypted with each side's session key pair.
 *
 * The wallet "app" (server/sandbox/mobile-wallet.js, shown by the host emulator as Telegram shows a wallet
 * Mini App) runs the protocol and asks the user; the session keys stay here, so every process can encrypt
 * and decrypt for a session, as a custodial wallet's backend does. Encryption is @tonconnect/protocol's
 * SessionCrypto, the one the SDK uses on the app's side. Signing is the injected Dev Wallet's (service.ts),
 * with the same dev-chain keys: one wallet per test user, whichever way the app reaches it.
 *
 * A session ends when the wallet sends a disconnect or a declined connect (deleted at once), or when the
 * app asks to disconnect (ended: deleted by the sandbox's purge once the answer has expired, ../purge.ts);
 * one unused for MOBILE_WALLET_SESSION_IDLE_SECONDS is deleted too, as a wallet forgets a dApp it no
 * longer hears from.
 */
import { Base64, SessionCrypto, hexToByteArray } from '@tonconnect/protocol';
import type { Deps } from '../../deps';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { postBridgeMessage } from '../bridge/service';
import { MOBILE_WALLET_MESSAGE_TTL_SECONDS } from './constants';
import {
  type MobileSessionRow,
  claimMobileAnswer,
  deleteMobileSession,
  endMobileSession,
  findMobileSession,
  findMobileSessionOfApp,
  insertMobileSession,
  mobileAnswerClaimed,
  nextMobileEventId,
  releaseMobileAnswer,
  touchMobileSession,
} from './queries';
import type { MobileSendBody } from './schemas';
import { walletForInitData } from './service';

const sessionNotFound = () =>
  new NotFoundError({ code: 'notFound', msg: 'No Dev Wallet (mobile) session for this app connection' });

/** The session, if it is this test user's (init data as the injected wallet proves it); used now. */
async function ownSession(deps: Deps, initData: string, sessionId: string): Promise<MobileSessionRow> {
  const wallet = await walletForInitData(deps, initData);
  const session = await findMobileSession(deps.db, sessionId);
  if (!session || session.sandbox_user_id !== wallet.sandboxUserId) throw sessionNotFound();
  await touchMobileSession(deps.db, session.session_id);
  return session;
}

const cryptoOf = (session: MobileSessionRow) =>
  new SessionCrypto({ publicKey: session.session_id, secretKey: session.secret_key });

/**
 * A connect link opens a new session for the app's session id (`create`); a request's link (the SDK
 * opens the wallet again with only `id`) finds the session that connected.
 */
export async function openMobileSession(
  deps: Deps,
  body: { init_data: string; app_client_id: string; create: boolean },
): Promise<{ session_id: string }> {
  const wallet = await walletForInitData(deps, body.init_data);
  if (!body.create) {
    const session = await findMobileSessionOfApp(deps.db, wallet.sandboxUserId, body.app_client_id);
    if (!session) throw sessionNotFound();
    await touchMobileSession(deps.db, session.session_id);
    return { session_id: session.session_id };
  }
  const keys = new SessionCrypto().stringifyKeypair();
  await insertMobileSession(deps.db, {
    session_id: keys.publicKey,
    secret_key: keys.secretKey,
    sandbox_user_id: wallet.sandboxUserId,
    app_client_id: body.app_client_id,
  });
  return { session_id: keys.publicKey };
}

/** A request the bridge delivered, decrypted; `answered` when this wallet answered it already. */
export async function openMobileMessage(
  deps: Deps,
  body: { init_data: string; session_id: string; from: string; message: string },
): Promise<{ request: { method: string; params: unknown[]; id: string }; answered: boolean }> {
  const session = await ownSession(deps, body.init_data, body.session_id);
  if (body.from !== session.app_client_id) {
    throw new BadRequestError({ code: 'badRequest', msg: 'The message is not from the app this session connected' });
  }
  let text: string;
  try {
    text = cryptoOf(session).decrypt(Base64.decode(body.message).toUint8Array(), hexToByteArray(body.from));
  } catch {
    throw new BadRequestError({ code: 'badRequest', msg: 'The message does not decrypt for this session' });
  }
  let request: unknown;
  try {
    request = JSON.parse(text);
  } catch {
    throw new BadRequestError({ code: 'badRequest', msg: 'The message is not JSON' });
  }
  if (
    typeof request !== 'object' ||
    request === null ||
    !('method' in request) ||
    typeof request.method !== 'string' ||
    !('id' in request) ||
    (typeof request.id !== 'string' && typeof request.id !== 'number') ||
    !('params' in request) ||
    !Array.isArray(request.params)
  ) {
    throw new BadRequestError({ code: 'badRequest', msg: 'The message is not a TON Connect request' });
  }
  const id = String(request.id);
  // The app is leaving: whatever the wallet answers, the session is over.
  if (request.method === 'disconnect') await endMobileSession(deps.db, session.session_id);
  return {
    request: { method: request.method, params: request.params as unknown[], id },
    answered: await mobileAnswerClaimed(deps.db, session.session_id, id),
  };
}

/**
 * Sends the app an event or the answer to a request, encrypted for the app's session, through the bridge.
 * An answer goes once per request (409 after); events get the session's next id; after a connect error or
 * a disconnect the session is over.
 */
export async function sendMobileMessage(
  deps: Deps,
  body: MobileSendBody,
  /** The caller's address: the bridge counts its messages (../bridge/limits.ts). */
  senderAddress: string,
): Promise<{ event_id: string }> {
  const session = await ownSession(deps, body.init_data, body.session_id);
  const { message } = body;
  const requestId = 'event' in message ? null : message.id;
  let wire: object;
  if (requestId === null) {
    wire = { ...message, id: await nextMobileEventId(deps.db, session.session_id) };
  } else {
    if (!(await claimMobileAnswer(deps.db, session.session_id, requestId))) {
      throw new ConflictError({ code: 'conflict', msg: 'This request was answered already' });
    }
    wire = message;
  }
  const encrypted = cryptoOf(session).encrypt(JSON.stringify(wire), hexToByteArray(session.app_client_id));
  let posted: { id: string };
  try {
    posted = await postBridgeMessage(deps, {
      from: session.session_id,
      to: session.app_client_id,
      ttlSeconds: MOBILE_WALLET_MESSAGE_TTL_SECONDS,
      message: Base64.encode(encrypted),
      senderAddress,
    });
  } catch (error) {
    // Not delivered: the request may be answered again.
    if (requestId !== null) await releaseMobileAnswer(deps.db, session.session_id, requestId);
    throw error;
  }
  if ('event' in message && message.event !== 'connect') await deleteMobileSession(deps.db, session.session_id);
  return { event_id: posted.id };
}
