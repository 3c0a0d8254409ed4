import type { WebSocketLike } from '@/shared/api/socket';

/** A WebSocket stand-in the test drives by hand: open it, close it as the server, push messages. */
export class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];

  static get last(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was created');
    return socket;
  }

  readyState = 0;
  readonly sent: string[] = [];
  /** Codes passed to close() by the client; undefined when it passed none. */
  readonly closeCalls: Array<number | undefined> = [];
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string) {
    if (this.readyState !== 1) throw new Error('InvalidStateError: not open');
    this.sent.push(data);
  }

  close(code?: number) {
    this.closeCalls.push(code);
    this.readyState = 3;
  }

  open() {
    this.readyState = 1;
    this.onopen?.({ type: 'open' } as Event);
  }

  closeFromServer(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ type: 'close', code } as CloseEvent);
  }

  receive(text: string) {
    this.onmessage?.({ type: 'message', data: text } as MessageEvent);
  }
}
