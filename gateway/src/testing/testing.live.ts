import { io as connect, type Socket } from 'socket.io-client';
import { LIVE_PACK, unpackToListenersAndAny } from '@dms/shared/contracts/live/events';
import type { HandshakeError } from '@dms/shared/contracts/live/session';

/**
 * A connected socket.io client of a test gateway; `visible` is what the page says of itself. Unless
 * `unpack` is false, the pairs of each `live:pack` reach the socket's listeners of their events and its
 * `onAny` listeners as if each had come alone, as the client's LiveConnection hands them on.
 */
export function connectLive(
  url: string,
  token: string | undefined,
  visible?: boolean,
  unpack = true,
): Promise<Socket> {
  const socket = connect(url, {
    auth: { ...(token === undefined ? {} : { token }), ...(visible === undefined ? {} : { visible }) },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  if (unpack) socket.on(LIVE_PACK, (entries: unknown) => unpackToListenersAndAny(socket, entries));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** The `data` of a refused handshake. */
export async function refusedHandshake(
  url: string,
  token: string | undefined,
): Promise<HandshakeError | undefined> {
  try {
    const s = await connectLive(url, token);
    s.close();
    return undefined;
  } catch (err) {
    return (err as { data?: HandshakeError }).data;
  }
}

/** Resolves with the next payload of `event`. */
export function nextEvent<T = unknown>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, (payload: T) => resolve(payload)));
}

/**
 * Collects the payloads of `event` until a `marker` event arrives. Since socket.io keeps order per
 * socket, what was not received before the marker was never sent to this socket.
 */
export function eventsUntilMarker(socket: Socket, event: string, marker: string): Promise<unknown[]> {
  const got: unknown[] = [];
  const onEvent = (p: unknown) => got.push(p);
  socket.on(event, onEvent);
  return new Promise((resolve) =>
    socket.once(marker, () => {
      socket.off(event, onEvent);
      resolve(got);
    }),
  );
}
