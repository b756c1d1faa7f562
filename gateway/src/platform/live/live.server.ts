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
import {
  LIVE_COMMANDS,
  LIVE_EVENTS,
  LIVE_VERSION,
  RESUME_MAX,
  liveResumeSchema,
  type LiveResumed,
  type SeqEventName,
  type SessionEnded,
} from '@dms/shared/contracts/live/events';
import type { Ack } from '@dms/shared/contracts/live/session';
import { AppError, refuse, toErrorReply } from '../errors/errors';
import { ERR } from '@dms/shared/errors/codes';
import { liveError } from '../errors/errors.handler';
import type { Logger } from '../logger/logger';
import type { Access, AuthContext } from '../auth/auth.context';
import type { SessionService } from '../auth/session.service';
import type { RedisClient } from '../http/http.rateLimit';
import type { LiveNotifier } from './live.notifier';
import { audience, type LivePublisher } from './live.publisher';
import { isAccessRoom, roomsFor } from './live.rooms';
import { socketPublisher } from './live.socketPublisher';
import type { LiveReplaySource, ReplayRecord } from './live.replay';
import { SeqGate, mayReceive } from './live.seqGate';

/** A finding or alert change relayed to the other instances, with the rooms it is for. */
interface SeqRelay {
  event: SeqEventName;
  payload: unknown;
  rooms: string[];
}

/** Events between gateway instances (through the adapter). */
interface InterServerEvents {
  'live:seq': (relay: SeqRelay) => void;
}

/** Stored changes read per query of a resume. */
const RESUME_PAGE = 500;

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
  InterServerEvents,
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
  /**
   * Where `live:resume` reads the findings and alert changes a client missed (the risk store). Without
   * one, a resume replays nothing and answers with the client's own `after`.
   */
  replay?: LiveReplaySource | undefined;
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

  // Each socket's order of findings and alerts (no gap, no duplicate across a resume).
  const gates = new Map<string, SeqGate>();
  /** Hands a finding or alert change to the gates of this instance's sockets in `rooms`. */
  const deliverSeq = (relay: SeqRelay) => {
    const ids = new Set<string>();
    for (const room of relay.rooms) for (const id of io.of('/').adapter.rooms.get(room) ?? []) ids.add(id);
    for (const id of ids) gates.get(id)?.live(relay.event, relay.payload as never);
  };
  io.on('live:seq', deliverSeq);
  const publisher = socketPublisher(io, logger, (event, payload, rooms) => {
    deliverSeq({ event, payload, rooms });
    if (options.redisUrl) io.serverSideEmit('live:seq', { event, payload, rooms });
  });

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
    const gate = new SeqGate((r: ReplayRecord) => socket.emit(r.event, r.payload));
    gates.set(socket.id, gate);
    let resuming = false;
    socket.on('disconnect', () => gates.delete(socket.id));
    socket.on(LIVE_COMMANDS.resume, (payload: unknown, ack: unknown) => {
      const reply = (answer: Ack<LiveResumed>) => {
        if (typeof ack === 'function') (ack as (a: Ack<LiveResumed>) => void)(answer);
      };
      const parsed = liveResumeSchema.safeParse(payload);
      if (!parsed.success) {
        reply({ error: liveError(toErrorReply(refuse.bad('request.invalid')).body) });
        return;
      }
      // One resume at a time per socket: each reads the store, a client repeating it only waits longer.
      if (resuming) {
        reply({
          error: liveError(toErrorReply(new AppError(ERR.GENERAL, 429, { key: 'request.tooMany' })).body),
        });
        return;
      }
      resuming = true;
      const after = parsed.data.after;
      gate.begin(after);
      resume(socket.rooms, gate, after).then(
        (done) => {
          resuming = false;
          reply({ data: done });
        },
        (err: unknown) => {
          resuming = false;
          gate.end(after);
          const answer = toErrorReply(err);
          logger.error({ err }, 'live: resume failed');
          reply({ error: liveError(answer.body) });
        },
      );
    });
    socket.on(PRESENCE_EVENTS.set, (payload: unknown) => {
      const presence = presenceSchema.safeParse(payload);
      if (presence.success) socket.data.visible = presence.data.visible;
    });
  });

  /** Replays what a socket missed after `after`, within its screens and providers, then opens its gate. */
  const resume = async (rooms: ReadonlySet<string>, gate: SeqGate, after: number): Promise<LiveResumed> => {
    const source = options.replay;
    if (!source) {
      gate.end(after);
      return { replayed: 0, upTo: after };
    }
    const head = await source.head();
    // More missed than one resume sends: the newest RESUME_MAX changes (the client reloads its lists).
    const truncated = head - after > RESUME_MAX;
    let from = truncated ? head - RESUME_MAX : after;
    let replayed = 0;
    for (;;) {
      const page = await source.after(from, RESUME_PAGE);
      for (const record of page) if (mayReceive(rooms, record) && gate.replay(record)) replayed += 1;
      const last = page[page.length - 1];
      if (last) from = last.payload.seq;
      if (page.length < RESUME_PAGE) break;
    }
    gate.end(from);
    return { replayed, upTo: from, ...(truncated ? { truncated } : {}) };
  };

  const rescope = async (accountId: number, reason: AccountChanged['reason']) => {
    const access = await sessions.access(accountId);
    if (!access) {
      end([accountRoom(accountId)], 'deleted');
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
      end([displayRoom(displayId)], 'revoked');
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

  /** Tells the sockets of `rooms` why their session ended (`session:ended`), then disconnects them. */
  const end = (rooms: string[], reason: SessionEnded['reason'], local = false) => {
    const payload: SessionEnded = { v: LIVE_VERSION, reason };
    const target = local ? io.local.in(rooms) : io.in(rooms);
    target.emit(LIVE_EVENTS.sessionEnded, payload);
    target.disconnectSockets(true);
  };

  const background = (what: string, p: Promise<unknown>) => {
    p.catch((err: unknown) => logger.error({ err }, `live: ${what} failed`));
  };

  const notifier: LiveNotifier = {
    sessionsEnded: (ids, reason = 'revoked') => {
      if (ids.length > 0) end(ids.map(sessionRoom), reason);
    },
    accountDeleted: (id) => end([accountRoom(id)], 'deleted'),
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
    displayRevoked: (id) => end([displayRoom(id)], 'revoked'),
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
      if (revoked.length > 0) end(revoked.map(displayRoom), 'revoked', true);
    }
    if (visible.size > 0) await sessions.touch([...visible]);
    if (all.size === 0) return;
    const open = await sessions.stillOpen([...all]);
    const ended = [...all].filter((id) => !open.has(id));
    if (ended.length > 0) end(ended.map(sessionRoom), 'expired', true);
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
