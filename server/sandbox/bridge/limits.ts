/**
 * The sandbox bridge's caps (constants.ts says why each is what it is; docs/security.md "The sandbox's
 * pages and API"). Beyond one: 429 with its code (`bridgeTooManyStreams`, `bridgeTooManyMessages`) and
 * nothing opened or stored.
 *
 * - Open streams per address and per client id: counted here, in the process that holds them (a stream
 *   lives in one process), taken before the stream opens and given back when it closes.
 * - Unexpired messages per address (the sender's) and per client id (the recipient's): counted in the
 *   database under the lock every insert takes (queries.ts), so concurrent posts on any process cannot
 *   pass a cap together (service.ts).
 */
import { DomainError } from '../../lib/errors';
import { BRIDGE_MAX_STREAMS_PER_ADDRESS, BRIDGE_MAX_STREAMS_PER_CLIENT_ID } from './constants';

type Per = 'from this address' | 'for this client id';

export const tooManyStreams = (per: Per, max: number) =>
  new DomainError(429, { code: 'bridgeTooManyStreams', params: { per, max: String(max) } });

export const tooManyMessages = (per: Per, max: number) =>
  new DomainError(429, { code: 'bridgeTooManyMessages', params: { per, max: String(max) } });

export interface StreamSlots {
  /**
   * A slot for a stream from `address` listening to `clientIds`, or a 429 when either cap is reached; the
   * function returned gives it back (once, however often it is called).
   */
  take(address: string, clientIds: readonly string[]): () => void;
}

export function streamSlots(
  max: { perAddress: number; perClientId: number } = {
    perAddress: BRIDGE_MAX_STREAMS_PER_ADDRESS,
    perClientId: BRIDGE_MAX_STREAMS_PER_CLIENT_ID,
  },
): StreamSlots {
  const byAddress = new Map<string, number>();
  const byClientId = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string, delta: number) => {
    const next = (counts.get(key) ?? 0) + delta;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  return {
    take(address, clientIds) {
      if ((byAddress.get(address) ?? 0) >= max.perAddress) throw tooManyStreams('from this address', max.perAddress);
      if (clientIds.some((id) => (byClientId.get(id) ?? 0) >= max.perClientId)) {
        throw tooManyStreams('for this client id', max.perClientId);
      }
      add(byAddress, address, 1);
      for (const id of clientIds) add(byClientId, id, 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        add(byAddress, address, -1);
        for (const id of clientIds) add(byClientId, id, -1);
      };
    },
  };
}
