import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import { accountRoom, displayRoom, roleRoom, sessionRoom } from '@dms/shared/contracts/live/rooms';
import { isDisplayToken } from '@dms/shared/contracts/http/display';
import {
  PRESENCE_EVENTS,
  SESSION_EVENTS,
  presenceSchema,
  type AccountChanged,
  type HandshakeError,
} from '@dms/shared/contracts/live/session';
import { LIVE_PATH } from '@dms/shared/contracts/http/paths';
import { toErrorReply } from '../errors/errors';
import { liveError } from '../errors/errors.handler';
import type { Logger } from '../logger/logger';
import type { Access, AuthContext } from '../auth/auth.context';
import type { SessionService } from '../auth/session.service';
import type { RedisClient } from '../http/http.rateLimit';
import type { LiveNotifier } from './live.notifier';
import { audience, type LivePublisher } from './live.publisher';
import { isAccessRoom, roomsFor } from './live.rooms';
import { socketPublisher } from './live.socketPublisher';

/** What a socket carries (serialisable: remote instances read it through `fetchSockets`). */
export interface SocketData {
  /** 0 for a wall screen. */
  sessionId: number;
  /** 0 for a wall screen. */
  accountId: number;
  /** The display token's id of a wall screen's socket, else null. */
  displayId: number | null;
  /** Whether the client's page is visible to its user (only then does the socket keep its session alive). */
  visible: boolean;
}

export type LiveServer = Server<
  Record<string, never>,
  Record<string, (...args: unknown[]) => void>,
  Record<string, never>,
  SocketData
>;

/** What the live channel needs of wall screens' display tokens (`modules/display`). */
export interface LiveDisplays {
  /** The watch-only caller of an active display token; -2 otherwise. */
  authenticate(token: string | undefined, ip?: string): Promise<AuthContext>;
  /** The current access of an active display, or undefined (revoked). */
  access(displayId: number): Promise<Access | undefined>;
  /** Records contact with these displays. */
  touch(displayIds: readonly number[]): Promise<void>;
  /** Those still active. */
  activeAmong(displayIds: readonly number[]): Promise<Set<number>>;
}

export interface LiveOptions {
  sessions: SessionService;
  /** Wall screens' display tokens (refused at the handshake without it). */
  displays?: LiveDisplays | undefined;
  logger: Logger;
  /** Enables the Redis streams adapter (scale-out). */
  redisUrl?: string | undefined;
  /** Name of the Redis stream shared by the instances. */
  redisStreamName?: string;
  /** How often visible sockets keep their sessions alive and ended sessions lose their sockets. */
  touchMs: number;
}

export interface Live {
  io: LiveServer;
  notifier: LiveNotifier;
  /** Where services publish live events (typed by the shared contract, checked, sent by room). */
  publisher: LivePublisher;
  /** The connected Redis client when `redisUrl` is set, for the other state the instances share. */
  redis: RedisClient | undefined;
  /**
   * One round of the session sweep that runs every `touchMs`: the sessions of this instance's visible
   * sockets are marked as used, and the sockets of sessions that ended (idle, past their lifetime, revoked)
   * are disconnected, so the client asks for a new sign-in.
   */
  sweep(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The socket.io server on the HTTP server: token handshake (`auth: {token}`, refused with
 * `{code:-2,msg}` in the error's `data`), rooms by permission and provider scope, connection state
 * recovery, no per-message deflate, and the Redis streams adapter when `redisUrl` is set.
 */
export async function createLive(httpServer: HttpServer, options: LiveOptions): Promise<Live> {
  const { sessions, logger } = options;
  const io: LiveServer = new Server(httpServer, {
    path: LIVE_PATH,
    serveClient: false,
    perMessageDeflate: false,
    // Recovered sockets go through the token check again: a revoked session must not come back.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
  });

  let redis: RedisClient | undefined;
  if (options.redisUrl) {
    redis = createClient({ url: options.redisUrl });
    redis.on('error', (err: unknown) => logger.error({ err }, 'redis client error'));
    await redis.connect();
    io.adapter(createAdapter(redis, { streamName: options.redisStreamName ?? 'dms:socket.io' }));
  }

  const publisher = socketPublisher(io, logger);

  // The access read by the handshake, handed to the connection handler that follows it.
  const handshakes = new WeakMap<object, AuthContext>();

  io.use(async (socket, next) => {
    const handshake = socket.handshake.auth as { token?: unknown; visible?: unknown } | undefined;
    const token = handshake?.token;
    try {
      const given = typeof token === 'string' ? token : undefined;
      const auth =
        given !== undefined && isDisplayToken(given) && options.displays
          ? await options.displays.authenticate(given, socket.handshake.address)
          : await sessions.authenticate(given);
      // A client that does not say its page is visible is taken as unattended.
      socket.data = {
        sessionId: auth.sessionId,
        accountId: auth.accountId,
        displayId: auth.display?.id ?? null,
        visible: handshake?.visible === true,
      };
      handshakes.set(socket, auth);
      next();
    } catch (err) {
      const reply = toErrorReply(err);
      if (reply.unexpected) logger.error({ err }, 'live handshake failed');
      const refused = new Error(reply.body.msg) as Error & { data: HandshakeError };
      refused.data = liveError(reply.body);
      next(refused);
    }
  });

  io.on('connection', (socket) => {
    const auth = handshakes.get(socket);
    handshakes.delete(socket);
    if (!auth) return;
    const wanted = new Set(roomsFor(auth));
    // A recovered socket comes back with its old rooms: drop those its access no longer grants.
    for (const room of socket.rooms) if (isAccessRoom(room) && !wanted.has(room)) void socket.leave(room);
    void socket.join(auth.display ? [...wanted] : [...wanted, sessionRoom(auth.sessionId)]);
    socket.on(PRESENCE_EVENTS.set, (payload: unknown) => {
      const presence = presenceSchema.safeParse(payload);
      if (presence.success) socket.data.visible = presence.data.visible;
    });
  });

  const rescope = async (accountId: number, reason: AccountChanged['reason']) => {
    const access = await sessions.access(accountId);
    if (!access) {
      io.in(accountRoom(accountId)).disconnectSockets(true);
      return;
    }
    const wanted = new Set(roomsFor(access));
    for (const socket of await io.in(accountRoom(accountId)).fetchSockets()) {
      for (const room of socket.rooms) if (isAccessRoom(room) && !wanted.has(room)) socket.leave(room);
      socket.join([...wanted]);
    }
    const payload: AccountChanged = { v: 1, accountId, reason };
    publisher.publish(SESSION_EVENTS.accountChanged, payload, audience.account(accountId));
  };

  // A wall screen's sockets follow its role: its monitor codes are the role's, read afresh.
  const rescopeDisplay = async (displayId: number) => {
    const access = await options.displays?.access(displayId);
    if (!access) {
      io.in(displayRoom(displayId)).disconnectSockets(true);
      return;
    }
    const wanted = new Set(roomsFor(access));
    for (const socket of await io.in(displayRoom(displayId)).fetchSockets()) {
      for (const room of socket.rooms) if (isAccessRoom(room) && !wanted.has(room)) socket.leave(room);
      socket.join([...wanted]);
    }
    const payload: AccountChanged = { v: 1, accountId: 0, reason: 'role' };
    io.to(displayRoom(displayId)).emit(SESSION_EVENTS.accountChanged, payload);
  };

  const background = (what: string, p: Promise<unknown>) => {
    p.catch((err: unknown) => logger.error({ err }, `live: ${what} failed`));
  };

  const notifier: LiveNotifier = {
    sessionsEnded: (ids) => {
      if (ids.length > 0) io.in(ids.map(sessionRoom)).disconnectSockets(true);
    },
    accountDeleted: (id) => io.in(accountRoom(id)).disconnectSockets(true),
    accountChanged: (id) => background('re-scoping an account', rescope(id, 'account')),
    roleChanged: (roleId) =>
      background(
        're-scoping a role',
        (async () => {
          const sockets = await io.in(roleRoom(roleId)).fetchSockets();
          const accounts = new Set(
            sockets.filter((s) => s.data.displayId === null).map((s) => s.data.accountId),
          );
          const displays = new Set(
            sockets.flatMap((s) => (s.data.displayId === null ? [] : [s.data.displayId])),
          );
          for (const id of accounts) await rescope(id, 'role');
          for (const id of displays) await rescopeDisplay(id);
        })(),
      ),
    displayRevoked: (id) => io.in(displayRoom(id)).disconnectSockets(true),
  };

  // A socket whose page is visible is in use; the sockets of sessions that ended are closed.
  const sweep = async () => {
    const visible = new Set<number>();
    const all = new Set<number>();
    const displays = new Set<number>();
    for (const socket of io.of('/').sockets.values()) {
      if (socket.data.displayId !== null) {
        displays.add(socket.data.displayId);
        continue;
      }
      all.add(socket.data.sessionId);
      if (socket.data.visible) visible.add(socket.data.sessionId);
    }
    if (displays.size > 0 && options.displays) {
      // A wall screen never expires by idleness: its sockets are its last contact, until it is revoked.
      await options.displays.touch([...displays]);
      const active = await options.displays.activeAmong([...displays]);
      const revoked = [...displays].filter((id) => !active.has(id));
      if (revoked.length > 0) io.local.in(revoked.map(displayRoom)).disconnectSockets(true);
    }
    if (visible.size > 0) await sessions.touch([...visible]);
    if (all.size === 0) return;
    const open = await sessions.stillOpen([...all]);
    const ended = [...all].filter((id) => !open.has(id));
    if (ended.length > 0) io.local.in(ended.map(sessionRoom)).disconnectSockets(true);
  };
  const keepAlive = setInterval(() => background('sweeping sessions', sweep()), options.touchMs);
  keepAlive.unref();

  return {
    io,
    notifier,
    publisher,
    redis,
    sweep,
    close: async () => {
      clearInterval(keepAlive);
      io.local.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        // io.close() also closes the HTTP server; its error (server not running) is not ours to report.
        void io.close(() => resolve());
      });
      if (redis) await redis.close().catch(() => redis?.destroy());
    },
  };
}
