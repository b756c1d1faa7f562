import { z } from 'zod';

/**
 * The live channel's session contract.
 *
 * Handshake: `io({ auth: { token } })`. A missing, unknown, revoked or idle-expired token is refused
 * with a `connect_error` whose `data` is {@link handshakeErrorSchema} (`code` -2, the re-login prompt).
 */
export const handshakeErrorSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  /** The message key and its parameters, as in a REST failure envelope (`errors/messages.ts`). */
  key: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type HandshakeError = z.infer<typeof handshakeErrorSchema>;

/** Acknowledgement of a client command: `{data}` on success, `{error: {code, msg, key?, params?}}` otherwise. */
export type Ack<T> = { data: T } | { error: HandshakeError };

/**
 * The handshake's `auth`: the session token, and whether the page is visible to its user. Only a socket
 * whose page is visible counts as use of its session: a console left open in a background tab or on an
 * unattended desk does not keep its staff session alive (nor past its lifetime, ever).
 */
export const handshakeAuthSchema = z.object({ token: z.string(), visible: z.boolean().optional() });
export type HandshakeAuth = z.infer<typeof handshakeAuthSchema>;

/** Commands of the client about its page (`entity:verb`). */
export const PRESENCE_EVENTS = {
  /** The page became visible or hidden (`document.visibilityState`); no ack. */
  set: 'presence:set',
} as const;

export const presenceSchema = z.object({ visible: z.boolean() });
export type Presence = z.infer<typeof presenceSchema>;

/** Event names of the session channel (`entity:verbed` for notifications). */
export const SESSION_EVENTS = {
  /** The account's role, permissions or scope changed: refetch `/user/info`; rooms are already updated. */
  accountChanged: 'account:changed',
} as const;

export const accountChangedSchema = z.object({
  /** Schema version of the payload. */
  v: z.literal(1),
  accountId: z.number().int(),
  reason: z.enum(['role', 'account']),
});
export type AccountChanged = z.infer<typeof accountChangedSchema>;
