import { screen } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { ReloginAlert } from '@/components/ReloginAlert';
import { isReloginOpen } from '@/lib/api/reloginPrompt';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { LIVE_PACK } from '@dms/shared/contracts/live/events';
import { PRESENCE_EVENTS } from '@dms/shared/contracts/live/session';
import { LiveConnection, type ConnectionState, type PageVisibility } from './live';

type Handler = (...args: unknown[]) => void;

/** A stand-in for socket.io's client socket at the network boundary: the test plays the server. */
class FakeSocket {
  handlers = new Map<string, Set<Handler>>();
  managerHandlers = new Map<string, Set<Handler>>();
  connected = false;
  active = false;
  connects = 0;
  emitted: [string, unknown][] = [];
  readonly io = {
    on: (event: string, handler: Handler) => this.add(this.managerHandlers, event, handler),
    removeAllListeners: () => this.managerHandlers.clear(),
  };
  constructor(readonly options: { auth: (cb: (data: object) => void) => void }) {}
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
  listeners(event: string) {
    return [...(this.handlers.get(event) ?? [])];
  }
  listenersAny() {
    return [];
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  connect() {
    this.connects += 1;
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
  /** The server side: fire an event at the client. */
  serverEmit(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  handshakeAuth(): object {
    let auth: object = {};
    this.options.auth((data) => (auth = data));
    return auth;
  }
}

/** A page whose visibility the test sets. */
class FakeVisibility implements PageVisibility {
  shown = true;
  listeners = new Set<(visible: boolean) => void>();
  visible() {
    return this.shown;
  }
  subscribe(onChange: (visible: boolean) => void) {
    this.listeners.add(onChange);
    return () => this.listeners.delete(onChange);
  }
  set(shown: boolean) {
    this.shown = shown;
    for (const l of this.listeners) l(shown);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const page = new FakeVisibility();
  const connection = new LiveConnection((options) => {
    const socket = new FakeSocket(options as FakeSocket['options']);
    sockets.push(socket);
    return socket as unknown as Socket;
  }, page);
  const states: ConnectionState[] = [];
  connection.connectionState$.subscribe((s) => states.push(s));
  return { connection, sockets, states, page };
}

describe('LiveConnection', () => {
  it('tells the gateway whether the page is visible, in the handshake and at every change', () => {
    const { connection, sockets, page } = setup();
    page.set(false);
    connection.start(() => 'tok');
    const socket = sockets[0];
    expect(socket?.handshakeAuth()).toEqual({ token: 'tok', visible: false });
    socket!.connected = true;
    page.set(true);
    page.set(false);
    expect(socket?.emitted).toEqual([
      [PRESENCE_EVENTS.set, { visible: true }],
      [PRESENCE_EVENTS.set, { visible: false }],
    ]);
    connection.stop();
    page.set(true);
    expect(socket?.emitted).toHaveLength(2);
    expect(page.listeners.size).toBe(0);
  });

  it('opens one socket with the current token at every handshake', () => {
    const { connection, sockets, states } = setup();
    let token = 'first';
    connection.start(() => token);
    connection.start(() => 'ignored');
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.handshakeAuth()).toEqual({ token: 'first', visible: true });
    token = 'refreshed';
    expect(sockets[0]?.handshakeAuth()).toEqual({ token: 'refreshed', visible: true });
    sockets[0]?.serverEmit('connect');
    expect(states).toEqual(['idle', 'connecting', 'connected']);
  });

  it('reports a dropped link as reconnecting and recovers', () => {
    const { connection, sockets, states } = setup();
    connection.start(() => 't');
    const socket = sockets[0]!;
    socket.serverEmit('connect');
    socket.serverEmit('disconnect', 'transport close');
    for (const handler of socket.managerHandlers.get('reconnect_attempt') ?? []) handler(1);
    socket.serverEmit('connect');
    expect(states).toEqual(['idle', 'connecting', 'connected', 'reconnecting', 'connected']);
  });

  it('streams the events of the current socket and stops on stop()', () => {
    const { connection, sockets, states } = setup();
    const received: unknown[] = [];
    const subscription = connection.stream<{ n: number }>('alert:raised').subscribe((p) => received.push(p));
    connection.start(() => 't');
    sockets[0]?.serverEmit('alert:raised', { n: 1 });
    sockets[0]?.serverEmit('other', { n: 99 });
    connection.stop();
    expect(states.at(-1)).toBe('idle');
    sockets[0]?.serverEmit('alert:raised', { n: 2 });
    connection.start(() => 't');
    sockets[1]?.serverEmit('alert:raised', { n: 3 });
    expect(received).toEqual([{ n: 1 }, { n: 3 }]);
    subscription.unsubscribe();
    expect(sockets[1]?.handlers.get('alert:raised')?.size ?? 0).toBe(0);
  });

  it("hands the pairs of a live:pack to each event's listeners in order, and ignores what is not a pair", () => {
    const { connection, sockets } = setup();
    const received: unknown[] = [];
    const started = connection.stream('round:started').subscribe((p) => received.push(['started', p]));
    const bets = connection.stream('bets:placed').subscribe((p) => received.push(['bets', p]));
    connection.start(() => 't');
    const socket = sockets[0]!;
    socket.serverEmit(LIVE_PACK, [
      ['bets:placed', { n: 1 }],
      ['round:started', { n: 2 }],
      'not a pair',
      [7, { n: 3 }],
      ['round:settled', { n: 4 }],
      ['bets:placed', { n: 5 }],
    ]);
    socket.serverEmit(LIVE_PACK, { not: 'a list' });
    socket.serverEmit('bets:placed', { n: 6 });
    expect(received).toEqual([
      ['bets', { n: 1 }],
      ['started', { n: 2 }],
      ['bets', { n: 5 }],
      ['bets', { n: 6 }],
    ]);
    bets.unsubscribe();
    socket.serverEmit(LIVE_PACK, [
      ['bets:placed', { n: 7 }],
      ['round:started', { n: 8 }],
    ]);
    expect(received.at(-1)).toEqual(['started', { n: 8 }]);
    expect(received).toHaveLength(5);
    started.unsubscribe();
    connection.stop();
  });

  it('raises the re-login prompt when the handshake is refused with -2', async () => {
    renderWithProviders(<ReloginAlert reload={vi.fn()} />);
    const { connection, sockets, states } = setup();
    connection.start(() => 'expired');
    const error = Object.assign(new Error('expired'), { data: { code: -2, msg: 'expired' } });
    sockets[0]!.active = false;
    sockets[0]?.serverEmit('connect_error', error);
    expect(states.at(-1)).toBe('refused');
    expect(isReloginOpen()).toBe(true);
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    connection.stop();
  });

  it('asks again later after another refusal', () => {
    vi.useFakeTimers();
    try {
      const { connection, sockets } = setup();
      connection.start(() => 't');
      const socket = sockets[0]!;
      socket.active = false;
      socket.serverEmit(
        'connect_error',
        Object.assign(new Error('busy'), { data: { code: -1, msg: 'busy' } }),
      );
      expect(socket.connects).toBe(1);
      vi.advanceTimersByTime(5_000);
      expect(socket.connects).toBe(2);
      connection.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
