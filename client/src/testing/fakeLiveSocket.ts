import type { Socket } from 'socket.io-client';
import type { AlertChanged } from '@dms/shared/contracts/live/events';
import { LiveConnection, type PageVisibility } from '@/lib/live/live';
import { LiveEvents, type LiveEventsOptions } from '@/lib/live/liveEvents';

type Handler = (...args: unknown[]) => void;

/**
 * A stand-in for socket.io's client socket at the network boundary: the test plays the server — it fires
 * events at the client (`serverEmit`) and answers commands (`answer`).
 */
export class FakeLiveSocket {
  handlers = new Map<string, Set<Handler>>();
  managerHandlers = new Map<string, Set<Handler>>();
  connected = false;
  active = false;
  emitted: [string, unknown][] = [];
  /** How the fake server answers each command's ack (no answer: the ack never comes). */
  answers = new Map<string, (payload: unknown) => unknown>();
  readonly io = {
    on: (event: string, handler: Handler) => this.add(this.managerHandlers, event, handler),
    removeAllListeners: () => this.managerHandlers.clear(),
  };
  private add(map: Map<string, Set<Handler>>, event: string, handler: Handler) {
    if (!map.has(event)) map.set(event, new Set());
    map.get(event)?.add(handler);
    return this;
  }
  on(event: string, handler: Handler) {
    return this.add(this.handlers, event, handler);
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  connect() {
    this.active = true;
    return this;
  }
  disconnect() {
    this.active = false;
    this.connected = false;
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  timeout() {
    return {
      emitWithAck: (event: string, payload: unknown): Promise<unknown> => {
        this.emitted.push([event, payload]);
        const answer = this.answers.get(event);
        return answer ? Promise.resolve(answer(payload)) : new Promise(() => {});
      },
    };
  }
  /** The server side: fire an event at the client. */
  serverEmit(event: string, ...args: unknown[]) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
  /** The link comes up. */
  up() {
    this.connected = true;
    this.serverEmit('connect');
  }
  /** The link drops (network, or the gateway went away). */
  down(reason = 'transport close') {
    this.connected = false;
    this.serverEmit('disconnect', reason);
  }
}

const alwaysVisible: PageVisibility = { visible: () => true, subscribe: () => () => {} };

/** A live connection over fake sockets (one per `start`). */
export function fakeLiveConnection() {
  const sockets: FakeLiveSocket[] = [];
  const connection = new LiveConnection(() => {
    const socket = new FakeLiveSocket();
    sockets.push(socket);
    return socket as unknown as Socket;
  }, alwaysVisible);
  return { connection, sockets, socket: () => sockets[sockets.length - 1]! };
}

/**
 * A live connection over fake sockets, started and connected, and the {@link LiveEvents} reading it: the
 * test plays the server, an event name at a time (`emit`). `dispose` stops both.
 */
export function fakeLiveEvents(options?: LiveEventsOptions) {
  const fake = fakeLiveConnection();
  const events = new LiveEvents(fake.connection, options);
  fake.connection.start(() => 'tok');
  fake.socket().up();
  return {
    ...fake,
    events,
    emit: (event: string, payload: unknown) => fake.socket().serverEmit(event, payload),
    dispose: () => {
      events.dispose();
      fake.connection.stop();
    },
  };
}

/** An `alert:raised` payload of a cross-bet alert numbered `seq` (its id is `seq` unless patched). */
export function alertPayload(seq: number, patch: Partial<AlertChanged['alert']> = {}): AlertChanged {
  return {
    v: 1,
    seq,
    providers: [1001],
    alert: {
      id: seq,
      kind: 'crossbet',
      level: 3,
      state: 'open',
      subject: `ring-${seq}`,
      raisedAt: 1_700_000_000_000 + seq,
      ...patch,
    },
  };
}
