/**
 * A client of the sandbox's TON Connect bridge over real HTTP: an SSE stream read with Node's fetch (its
 * frames parsed here, as EventSource parses them), and the POST as the SDK's BridgeGateway sends it.
 */
import { randomBytes } from 'node:crypto';

export interface SseFrame {
  event: string;
  id?: string;
  data: string;
}

/** What the bridge writes for a message: the SDK's BridgeIncomingMessage. */
export interface BridgeMessage {
  id: string;
  from: string;
  message: string;
  trace_id?: string;
}

/** A fresh client id: a session's public key in hex. */
export const newClientId = (): string => randomBytes(32).toString('hex');

export interface BridgeStreamClient {
  readonly status: number;
  readonly headers: Headers;
  /** Every frame read so far. */
  readonly frames: SseFrame[];
  /** The message frames read so far, parsed. */
  messages(): BridgeMessage[];
  /** Resolves once `count` messages have arrived (rejects after `timeoutMs`). */
  untilMessages(count: number, timeoutMs?: number): Promise<BridgeMessage[]>;
  /** Resolves once a frame matches (rejects after `timeoutMs`). */
  until(predicate: (frames: SseFrame[]) => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

function parseFrame(block: string): SseFrame {
  const frame: SseFrame = { event: 'message', data: '' };
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') frame.event = value;
    else if (field === 'id') frame.id = value;
    else if (field === 'data') data.push(value);
  }
  frame.data = data.join('\n');
  return frame;
}

/** Opens GET <base>/bridge/events with these query parameters; resolves once the headers arrived. */
export async function openBridgeStream(base: string, query: Record<string, string>): Promise<BridgeStreamClient> {
  const controller = new AbortController();
  const response = await fetch(`${base}/bridge/events?${new URLSearchParams(query)}`, {
    signal: controller.signal,
  });
  const frames: SseFrame[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          frames.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
        notify();
      }
    } catch {
      // aborted by close()
    }
  })();
  const messages = () =>
    frames
      .filter((frame) => frame.event === 'message')
      .map((frame) => ({ id: frame.id!, ...(JSON.parse(frame.data) as Omit<BridgeMessage, 'id'>) }));
  const until = (predicate: (frames: SseFrame[]) => boolean, what: string, timeoutMs = 5_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!predicate(frames)) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out waiting for ${what}; frames: ${JSON.stringify(frames)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    status: response.status,
    headers: response.headers,
    frames,
    messages,
    async untilMessages(count, timeoutMs) {
      await until(() => messages().length >= count, `${count} messages`, timeoutMs);
      return messages();
    },
    until,
    ended,
    close: () => controller.abort(),
  };
}

/** POST <base>/bridge/message as the SDK sends it: fetch with a string body (text/plain;charset=UTF-8). */
export async function postBridgeMessage(
  base: string,
  query: { client_id: string; to: string; ttl?: string; topic?: string; trace_id?: string },
  body: string,
): Promise<Response> {
  const params = new URLSearchParams({ ttl: '300', ...query });
  return fetch(`${base}/bridge/message?${params}`, { method: 'POST', body });
}
