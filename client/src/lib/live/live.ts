import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { BehaviorSubject, distinctUntilChanged, EMPTY, Observable, switchMap } from 'rxjs';
import { RELOGIN_CODES } from '@dms/shared/errors/codes';
import { LIVE_PACK, unpackToListeners } from '@dms/shared/contracts/live/events';
import { PRESENCE_EVENTS, type HandshakeAuth, type Presence } from '@dms/shared/contracts/live/session';
import { requestRelogin } from '@/lib/api/reloginPrompt';

/**
 * `idle`: not started (no session). `connecting`: first handshake. `connected`. `reconnecting`: the link
 * dropped and socket.io is retrying by itself. `refused`: the gateway refused the token (re-login asked).
 */
export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'refused';

type SocketFactory = (options: Partial<ManagerOptions & SocketOptions>) => Socket;

/** Whether the page is visible to its user, and its changes. */
export interface PageVisibility {
  visible(): boolean;
  /** Calls `onChange` at every change; returns the unsubscribe. */
  subscribe(onChange: (visible: boolean) => void): () => void;
}

/** The page's visibility from `document.visibilityState` (a hidden tab, a minimised window, a locked screen). */
export const documentVisibility: PageVisibility = {
  visible: () => document.visibilityState === 'visible',
  subscribe: (onChange) => {
    const handler = () => onChange(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', handler);
    return () => document.removeEventListener('visibilitychange', handler);
  },
};

/** Delay before asking again after the gateway refused the handshake for a reason other than the token. */
const REFUSED_RETRY_MS = 5_000;

/**
 * The one socket.io connection of the client (STYLE.md "Real-time client"; Grafana's live service is the
 * model). Started by the store's listener when a session is ready and stopped when it ends; components
 * only subscribe to `connectionState$` and `stream(event)`.
 */
export class LiveConnection {
  private readonly socket$ = new BehaviorSubject<Socket | null>(null);
  private readonly state$ = new BehaviorSubject<ConnectionState>('idle');
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private stopWatchingVisibility: (() => void) | undefined;

  /** The connection state, without repeats. */
  readonly connectionState$: Observable<ConnectionState> = this.state$.pipe(distinctUntilChanged());

  /**
   * The socket tells the gateway whether its page is visible (in the handshake, then at every change): only
   * a visible page keeps the staff session alive, so a console forgotten in a background tab signs out.
   */
  constructor(
    private readonly createSocket: SocketFactory = (options) => io(options),
    private readonly visibility: PageVisibility = documentVisibility,
  ) {}

  /** The current state, for synchronous reads. */
  get state(): ConnectionState {
    return this.state$.value;
  }

  /**
   * Connects with the session token. The token is read at every handshake (`auth` as a function), so a
   * reconnect after a new login carries the new token. Calling it again while started does nothing.
   */
  start(getToken: () => string | undefined): void {
    if (this.socket$.value) return;
    const socket = this.createSocket({
      path: '/socket.io',
      // WebSocket first (one connection, no long-polling requests through the HTTP stack); polling only
      // when a proxy refuses the upgrade.
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      autoConnect: false,
      reconnection: true,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      randomizationFactor: 0.5,
      auth: (cb) => {
        const auth: HandshakeAuth = { token: getToken() ?? '', visible: this.visibility.visible() };
        cb(auth);
      },
    });
    this.stopWatchingVisibility = this.visibility.subscribe((visible) => {
      const presence: Presence = { visible };
      if (socket.connected) socket.emit(PRESENCE_EVENTS.set, presence);
    });
    socket.on(LIVE_PACK, (entries: unknown) => unpackToListeners(socket, entries));
    socket.on('connect', () => this.state$.next('connected'));
    socket.on('disconnect', (reason) => {
      if (reason === 'io client disconnect') return;
      this.state$.next('reconnecting');
      // The server closed the socket on purpose: socket.io does not retry that by itself.
      if (reason === 'io server disconnect') this.retryLater(socket);
    });
    socket.io.on('reconnect_attempt', () => this.state$.next('reconnecting'));
    socket.on('connect_error', (error: Error & { data?: { code?: unknown } }) => {
      const code = typeof error.data?.code === 'number' ? error.data.code : undefined;
      if (code !== undefined && RELOGIN_CODES.includes(code)) {
        this.state$.next('refused');
        requestRelogin();
        return;
      }
      this.state$.next(this.state$.value === 'connecting' ? 'connecting' : 'reconnecting');
      // A refusal by the gateway's middleware leaves the socket inactive; a network error does not.
      if (!socket.active) this.retryLater(socket);
    });
    this.socket$.next(socket);
    this.state$.next('connecting');
    socket.connect();
  }

  /** Disconnects and forgets the socket; streams complete their inner subscriptions. */
  stop(): void {
    clearTimeout(this.retryTimer);
    this.stopWatchingVisibility?.();
    this.stopWatchingVisibility = undefined;
    const socket = this.socket$.value;
    if (!socket) return;
    this.socket$.next(null);
    socket.removeAllListeners();
    socket.io.removeAllListeners();
    socket.disconnect();
    this.state$.next('idle');
  }

  /**
   * The payloads of a socket event, sent alone or in a `live:pack` (the round streams: one message for what
   * a gateway flush holds for the same rooms), in the order they were sent. The subscription outlives
   * reconnects and restarts: it follows whichever socket is current, and is silent while there is none.
   */
  stream<T>(event: string): Observable<T> {
    return this.socket$.pipe(
      switchMap((socket) =>
        socket
          ? new Observable<T>((subscriber) => {
              const handler = (payload: T) => subscriber.next(payload);
              socket.on(event, handler);
              return () => {
                socket.off(event, handler);
              };
            })
          : EMPTY,
      ),
    );
  }

  /** Sends a command and waits for its ack `{data} | {error}` (rejects after `timeoutMs`). */
  async request<T>(event: string, payload: unknown, timeoutMs = 10_000): Promise<T> {
    const socket = this.socket$.value;
    if (!socket) throw new Error('live connection is not started');
    const ack = (await socket.timeout(timeoutMs).emitWithAck(event, payload)) as {
      data?: T;
      error?: unknown;
    };
    if (ack && 'error' in ack && ack.error !== undefined) throw ack.error;
    return ack.data as T;
  }

  private retryLater(socket: Socket): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (this.socket$.value === socket && !socket.connected) socket.connect();
    }, REFUSED_RETRY_MS);
  }
}

/** The client's live connection. */
export const live = new LiveConnection();
