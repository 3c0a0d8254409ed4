import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReconnectingSocket, reconnectDelayMs, type ReconnectingSocketOptions } from '@/shared/api/socket';
import { SOCKET_CLOSE } from '@contract';
import { FakeWebSocket } from './fake-websocket';

const WS_URL = 'ws://localhost:3000/api/ws/';

function setup(overrides: Partial<ReconnectingSocketOptions> = {}) {
  const callbacks = {
    onOpen: vi.fn(),
    onClose: vi.fn(),
    onMessage: vi.fn(),
    onUnauthorized: vi.fn(),
    onSendDropped: vi.fn(),
  };
  const socket = createReconnectingSocket({
    url: WS_URL,
    getToken: () => 'access-token',
    WebSocket: FakeWebSocket,
    ...callbacks,
    ...overrides,
  });
  return { socket, ...callbacks };
}

const created = () => FakeWebSocket.instances.length;

/** The last socket fails at once; returns after how many ms the next attempt starts. */
function msUntilNextAttempt(limitMs = 60_000): number {
  const before = created();
  FakeWebSocket.last.closeFromServer(1006);
  for (let elapsed = 1; elapsed <= limitMs; elapsed += 1) {
    vi.advanceTimersByTime(1);
    if (created() > before) return elapsed;
  }
  return Infinity;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reconnectDelayMs', () => {
  it('doubles from 1 s, caps at 30 s, and pauses 5 s after the 1000th failure', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(reconnectDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(reconnectDelayMs(999)).toBe(30_000);
    expect(reconnectDelayMs(1_000)).toBe(5_000);
  });
});

describe('createReconnectingSocket', () => {
  it('sends the token as the first message once open', () => {
    const { socket, onOpen } = setup();
    socket.connect();
    expect(FakeWebSocket.last.url).toBe(WS_URL);
    expect(FakeWebSocket.last.sent).toEqual([]);

    FakeWebSocket.last.open();
    socket.send('5m');
    expect(FakeWebSocket.last.sent).toEqual(['access-token', '5m']);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('reads the url and token at each attempt', () => {
    let token = 'first';
    let n = 0;
    const { socket } = setup({ url: () => `${WS_URL}?n=${++n}`, getToken: () => token });
    socket.connect();
    FakeWebSocket.last.open();
    token = 'refreshed';
    FakeWebSocket.last.closeFromServer(1011);
    vi.advanceTimersByTime(1_000);
    FakeWebSocket.last.open();
    expect(FakeWebSocket.instances.map((s) => [s.url, s.sent[0]])).toEqual([
      [`${WS_URL}?n=1`, 'first'],
      [`${WS_URL}?n=2`, 'refreshed'],
    ]);
  });

  it('does not connect without a token', () => {
    const { socket } = setup({ getToken: () => null });
    socket.connect();
    vi.advanceTimersByTime(60_000);
    expect(created()).toBe(0);
  });

  it('gives up on a socket that is not open within 5 s and counts a failed attempt', () => {
    const { socket } = setup();
    socket.connect();
    const first = FakeWebSocket.last;
    vi.advanceTimersByTime(4_999);
    expect(first.closeCalls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(first.closeCalls).toHaveLength(1);
    expect(created()).toBe(1);
    vi.advanceTimersByTime(999);
    expect(created()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(created()).toBe(2);
    // A late open of the abandoned socket changes nothing.
    first.open();
    expect(first.sent).toEqual([]);
  });

  it('backs off 1, 2, 4, 8, 16, 30, 30 s between failed attempts', () => {
    const { socket } = setup();
    socket.connect();
    const delays = Array.from({ length: 7 }, () => msUntilNextAttempt());
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('after 1000 failed attempts waits 5 s and starts a new round from 1 s', () => {
    const { socket } = setup();
    socket.connect();
    for (let failed = 1; failed < 1_000; failed += 1) {
      FakeWebSocket.last.closeFromServer(1006);
      vi.advanceTimersByTime(reconnectDelayMs(failed));
    }
    expect(created()).toBe(1_000);
    expect(msUntilNextAttempt()).toBe(5_000);
    expect(msUntilNextAttempt()).toBe(1_000);
    expect(msUntilNextAttempt()).toBe(2_000);
  });

  it('a successful open resets the backoff', () => {
    const { socket, onClose } = setup();
    socket.connect();
    expect([msUntilNextAttempt(), msUntilNextAttempt(), msUntilNextAttempt()]).toEqual([1_000, 2_000, 4_000]);
    FakeWebSocket.last.open();
    expect(msUntilNextAttempt()).toBe(1_000);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stops on 4401 until connect() is called again', () => {
    const { socket, onUnauthorized, onClose } = setup();
    socket.connect();
    FakeWebSocket.last.open();
    FakeWebSocket.last.closeFromServer(4401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(created()).toBe(1);

    socket.connect();
    expect(created()).toBe(2);
  });

  it.each([
    [SOCKET_CLOSE.unavailable, 'the server cannot check the token now'],
    [SOCKET_CLOSE.restart, 'the server is restarting'],
  ])('reconnects with backoff after %i (%s) and keeps the session', (code, _reason) => {
    const { socket, onUnauthorized, onClose } = setup();
    socket.connect();
    FakeWebSocket.last.open();
    FakeWebSocket.last.closeFromServer(code);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(created()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(created()).toBe(2);
    // Refused again before opening: the backoff doubles.
    expect(msUntilNextAttempt()).toBe(2_000);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('retries a send every 2 s while not open and drops it after 15 retries', () => {
    const { socket, onSendDropped } = setup();
    socket.send('5m');
    vi.advanceTimersByTime(15 * 2_000 - 1);
    expect(onSendDropped).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onSendDropped).toHaveBeenCalledExactlyOnceWith('5m');
    vi.advanceTimersByTime(60_000);
    expect(onSendDropped).toHaveBeenCalledTimes(1);
  });

  it('delivers a pending send at the next retry after the socket opens, after the token', () => {
    const { socket, onSendDropped } = setup();
    socket.connect();
    socket.send('5m');
    vi.advanceTimersByTime(3_000);
    FakeWebSocket.last.open();
    expect(FakeWebSocket.last.sent).toEqual(['access-token']);
    vi.advanceTimersByTime(1_000);
    expect(FakeWebSocket.last.sent).toEqual(['access-token', '5m']);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.last.sent).toEqual(['access-token', '5m']);
    expect(onSendDropped).not.toHaveBeenCalled();
  });

  it('passes JSON messages on parsed and ignores other text', () => {
    const { socket, onMessage } = setup();
    socket.connect();
    FakeWebSocket.last.open();
    FakeWebSocket.last.receive('{"event":"global:collective_bonus","data":{"collective_bonus":2}}');
    FakeWebSocket.last.receive('not json');
    expect(onMessage).toHaveBeenCalledExactlyOnceWith({
      event: 'global:collective_bonus',
      data: { collective_bonus: 2 },
    });
  });

  it('disconnect() closes, reports the close and stops reconnecting', () => {
    const { socket, onClose } = setup();
    socket.connect();
    FakeWebSocket.last.open();
    socket.disconnect();
    expect(FakeWebSocket.last.closeCalls).toEqual([1000]);
    expect(onClose).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(created()).toBe(1);
  });

  it('disconnect() cancels queued sends; a later send follows the retry rule again', () => {
    const { socket, onSendDropped } = setup();
    socket.connect();
    socket.send('queued');
    socket.disconnect();
    socket.send('late');
    vi.advanceTimersByTime(120_000);
    expect(FakeWebSocket.last.sent).toEqual([]);
    expect(onSendDropped).toHaveBeenCalledExactlyOnceWith('late');
  });

  it('connect() while waiting to reconnect tries at once from a fresh round', () => {
    const { socket } = setup();
    socket.connect();
    expect([msUntilNextAttempt(), msUntilNextAttempt()]).toEqual([1_000, 2_000]);
    FakeWebSocket.last.closeFromServer(1006);
    socket.connect();
    expect(created()).toBe(4);
    expect(msUntilNextAttempt()).toBe(1_000);
  });
});
