import { z } from 'zod';
import { PERM } from '../../permissions/codes';
import { pageQuerySchema } from '../envelope';
import { LIVE_PERMISSION_CODES } from '../live/rooms';
import { idSchema, keywordSchema, providerIdSchema, requiredString } from './fields';
import { cleanText } from './inputPolicy';
import { ERR } from '../../errors/codes';

/**
 * Wall screens (display tokens): a screen on a wall signs in without a person. The pairing flow:
 *
 * 1. The wall page calls `POST /display/pair` (public) and gets a display `token` (kept by the wall, in
 *    its local storage) and a short pairing `code`, valid {@link DISPLAY_PAIRING_TTL_MS}, which it shows
 *    large and as a QR code of `/permission/display?code=<code>`.
 * 2. The wall polls `GET /display/me` with `Authorization: Bearer <token>` every `pollMs`: `state` stays
 *    `pending` until an administrator approves the code; a pending token whose code expired, an unknown
 *    token and a revoked one are refused with -2 (the wall then asks for a new pairing).
 * 3. An administrator (permission {@link DISPLAY_ADMIN_PERMISSION}) types or scans the code in the console
 *    and approves it with a name, a role and providers (`POST /display/approve`): the display holds the
 *    role's monitor codes ({@link DISPLAY_PERMISSION_CODES}) only, and sees only those providers. The
 *    token becomes `active`.
 * 4. The wall opens the live socket with `auth: {token}` and calls the read-only monitor endpoints with
 *    the same bearer token. A display token can only watch: every other endpoint refuses it (403). It never
 *    expires by idleness; `POST /display/revoke` ends it at once (its sockets are disconnected, its next
 *    request refused with -2). `GET /display/list` shows every display with its last contact.
 *
 * Approval, renaming and revocation are in the audit log (`display.approve`, `display.rename`,
 * `display.revoke`).
 */

/** The console page where a pairing code is approved; the wall's QR code opens `${origin}${path}?code=<code>`. */
export const DISPLAY_CONSOLE_PATH = '/permission/display';

/** The link a wall shows as a QR code for its pairing code. */
export function displayPairingUrl(origin: string, code: string): string {
  return `${origin}${DISPLAY_CONSOLE_PATH}?code=${encodeURIComponent(formatPairingCode(code))}`;
}

/** Who pairs, lists and revokes displays: account management (displays are sign-ins, like accounts). */
export const DISPLAY_ADMIN_PERMISSION = PERM.STAFF;

/** The codes a display may hold: the live monitors (3000 baccarat, 8000 risk data, 11001 Teen Patti). */
export const DISPLAY_PERMISSION_CODES: readonly string[] = LIVE_PERMISSION_CODES;

/** How long a pairing code can be approved (10 minutes); the wall asks for a new one after that. */
export const DISPLAY_PAIRING_TTL_MS = 10 * 60_000;

/** How often the wall asks `GET /display/me` while pending. */
export const DISPLAY_POLL_MS = 2_000;

/** Letters of a pairing code: no look-alikes (0/O, 1/I/L), upper case, easy to read across a room. */
export const DISPLAY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Characters of a pairing code (shown as two groups of four: `ABCD-2345`). */
export const DISPLAY_CODE_LENGTH = 8;

/**
 * Characters of a display token (36 random bytes in base64url). Session tokens have 43: the length tells
 * the gateway which table to look a bearer token up in.
 */
export const DISPLAY_TOKEN_LENGTH = 48;

/** Whether a bearer token is a display token (by its length). */
export function isDisplayToken(token: string): boolean {
  return token.length === DISPLAY_TOKEN_LENGTH;
}

/** A code as typed or scanned: spaces, dashes and case ignored; stored and compared without the dash. */
export function normalizePairingCode(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

/** The code as shown: `ABCD-2345`. */
export function formatPairingCode(code: string): string {
  return code.length === DISPLAY_CODE_LENGTH ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

const codeSchema = cleanText(z.string().max(32))
  .transform(normalizePairingCode)
  .refine(
    (c) => c.length === DISPLAY_CODE_LENGTH && [...c].every((ch) => DISPLAY_CODE_ALPHABET.includes(ch)),
    {
      message: 'not a pairing code',
      params: { key: 'display.badCode' },
    },
  );

export const DISPLAY_STATES = ['pending', 'active', 'revoked'] as const;
export type DisplayState = (typeof DISPLAY_STATES)[number];

/** `POST /display/pair` (public): the wall may say what it is (`?label=` of its URL, say). */
export const displayPairBodySchema = z.object({
  label: cleanText(z.string().trim().max(64)).optional(),
});
export type DisplayPairBody = z.input<typeof displayPairBodySchema>;

export const displayPairResultSchema = z.object({
  /** The display token: kept by the wall, sent as `Authorization: Bearer` and in the socket's `auth`. */
  token: z.string().length(DISPLAY_TOKEN_LENGTH),
  /** The pairing code to show (8 characters, {@link formatPairingCode} for display). */
  code: z.string().length(DISPLAY_CODE_LENGTH),
  /** Epoch ms after which the code can no longer be approved. */
  expiresAt: z.number().int(),
  /** How often to ask `GET /display/me`. */
  pollMs: z.number().int().positive(),
});
export type DisplayPairResult = z.infer<typeof displayPairResultSchema>;

/** `GET /display/me` (display token): what the wall is, pending or active. */
export const displaySelfSchema = z.object({
  id: z.number().int(),
  state: z.enum(['pending', 'active']),
  /** While pending: the code to show and when it expires. */
  code: z.string().nullable(),
  codeExpiresAt: z.number().int().nullable(),
  /** The name the administrator gave it (the wall's own label while pending). */
  name: z.string(),
  /** The monitor codes it holds (empty while pending). */
  permission: z.array(z.string()),
  /** The providers it sees (empty while pending). */
  providers: z.array(z.number().int()),
});
export type DisplaySelf = z.infer<typeof displaySelfSchema>;

/** `GET /display/pending?code=`: what the administrator is about to approve. */
export const displayPendingQuerySchema = z.object({ code: codeSchema });
export const displayPendingSchema = z.object({
  label: z.string(),
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
  ip: z.string(),
  userAgent: z.string(),
});
export type DisplayPending = z.infer<typeof displayPendingSchema>;

/** `POST /display/approve`: the code on the wall, a name, a role (its monitor codes) and providers. */
export const displayApproveBodySchema = z.object({
  code: codeSchema,
  name: requiredString(ERR.GENERAL, 'name is required', 64),
  roleId: idSchema,
  providers: z.array(providerIdSchema).min(1).max(1000),
});
export type DisplayApproveBody = z.input<typeof displayApproveBodySchema>;

export const displayRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `active` or `revoked` (pending requests are not listed: they are approved by their code only). */
  state: z.enum(DISPLAY_STATES),
  /** The bound role (null once revoked or when it no longer exists) and its name at approval. */
  roleId: z.number().int().nullable(),
  roleName: z.string(),
  /** The monitor codes it holds now (the role's, within {@link DISPLAY_PERMISSION_CODES}), comma-separated. */
  permission: z.string(),
  providers: z.array(z.number().int()),
  /** The wall's own label when it asked to pair. */
  label: z.string(),
  createdAt: z.number().int(),
  approvedAt: z.number().int().nullable(),
  approvedBy: z.string(),
  revokedAt: z.number().int().nullable(),
  revokedBy: z.string(),
  /** Last contact: a request or a live socket of the display (null before the first). */
  lastSeenAt: z.number().int().nullable(),
  lastIp: z.string(),
  userAgent: z.string(),
});
export type DisplayRow = z.infer<typeof displayRowSchema>;

export const displayListQuerySchema = pageQuerySchema.extend({
  keyword: keywordSchema,
  state: z.enum(['active', 'revoked']).optional(),
});
export type DisplayListQuery = z.input<typeof displayListQuerySchema>;

export const displayRevokeBodySchema = z.object({ id: idSchema });

/** `POST /display/rename`: the name an active display is listed under (shown nowhere else). */
export const displayRenameBodySchema = z.object({
  id: idSchema,
  name: requiredString(ERR.GENERAL, 'name is required', 64),
});
export type DisplayRenameBody = z.input<typeof displayRenameBodySchema>;
