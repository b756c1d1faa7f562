import { z } from 'zod';
import { isGameId, type GameId } from '../../domain/games';
import { MachineType } from '../../domain/enums';
import { pageQuerySchema, pageSchema } from '../envelope';
import { ERR } from '../../errors/codes';
import { idSchema, keywordSchema, requiredString } from './fields';

/**
 * Table setting (route `/gamesetting/tablesetting`, permission 13001; `gateway/src/modules/tables`): the
 * game tables the platform plays, each with its game (the game list of `domain/games.ts`), the table id
 * the platform's events carry (`tableId` of `round.started`, `bet.placed`, `round.settled`), a name, an
 * icon (an uploaded PNG, JPEG, WebP or GIF image of at most {@link TABLE_ICON_MAX_BYTES}, recognised by
 * its first bytes, not by its name or declared type), a machine type (spec section 3: 0 small, 1 medium,
 * 2 big) and whether it is enabled. Every field is required.
 *
 * Duplicates are refused with the spec's texts: a table id that another table has ("ID already exists",
 * `tables.idExists`), and a table name that another table of the same game has ("Game ID have already
 * exist", `tables.gameNameExists`: within one game the name tells tables apart on the screens, so two
 * tables of one game cannot share it, whatever its case). Every change is in the audit log.
 *
 * Tables that the stored rounds name but that are not configured are listed apart
 * (`/gamesetting/table/unconfigured`), with when they were first and last seen and their round count, for
 * an administrator to adopt.
 */

/** Largest icon, in bytes (512 KB). */
export const TABLE_ICON_MAX_BYTES = 512 * 1024;

/** The image types an icon may have, by media type. */
export const TABLE_ICON_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type TableIconType = (typeof TABLE_ICON_TYPES)[number];

/** The table icons: `${API_BASE}${TABLE_ICON_PATH}/<id>`, the image of table `id` with its media type. */
export const TABLE_ICON_PATH = '/gamesetting/table/icon';

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The image type of some bytes by their signature ("magic bytes"): PNG, JPEG, WebP (a RIFF container of
 * kind WEBP) or GIF (87a or 89a); undefined for anything else, whatever its file name says.
 */
export function sniffImageType(bytes: Uint8Array): TableIconType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64_ALPHABET].map((c, i) => [c, i]));

/** The bytes of standard base64 text (padding optional), or undefined when it is not base64. */
export function decodeBase64(text: string): Uint8Array | undefined {
  const s = text.replace(/=+$/, '');
  if (s.length % 4 === 1 || !/^[A-Za-z0-9+/]*$/.test(s)) return undefined;
  const out = new Uint8Array(Math.floor((s.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let n = 0;
  for (const c of s) {
    value = (value << 6) | (BASE64_VALUE.get(c) ?? 0);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

/** The longest base64 text of an icon of {@link TABLE_ICON_MAX_BYTES}. */
const ICON_BASE64_MAX = Math.ceil(TABLE_ICON_MAX_BYTES / 3) * 4;

/** A decoded icon: its bytes and the type its signature says. */
export interface TableIconUpload {
  bytes: Uint8Array;
  type: TableIconType;
}

/**
 * An icon as the client sends it: the file's bytes in base64. Refused when it is no base64
 * (`tables.iconEncoding`), larger than {@link TABLE_ICON_MAX_BYTES} (`tables.iconTooLarge`), or not a PNG,
 * JPEG, WebP or GIF image by its first bytes (`tables.iconType`).
 */
export const tableIconSchema = z
  .string({ error: 'table icon is required' })
  .min(1, { error: 'table icon is required' })
  .transform((text, ctx): TableIconUpload => {
    const tooLarge = () =>
      ctx.addIssue({
        code: 'custom',
        message: 'the icon is larger than 512 KB',
        params: { key: 'tables.iconTooLarge', max: '512 KB' },
      });
    if (text.length > ICON_BASE64_MAX + 4) {
      tooLarge();
      return z.NEVER;
    }
    const bytes = decodeBase64(text);
    if (!bytes) {
      ctx.addIssue({
        code: 'custom',
        message: 'the icon is not base64 data',
        params: { key: 'tables.iconEncoding' },
      });
      return z.NEVER;
    }
    if (bytes.length > TABLE_ICON_MAX_BYTES) {
      tooLarge();
      return z.NEVER;
    }
    const type = sniffImageType(bytes);
    if (!type) {
      ctx.addIssue({
        code: 'custom',
        message: 'the icon must be a PNG, JPEG, WebP or GIF image',
        params: { key: 'tables.iconType' },
      });
      return z.NEVER;
    }
    return { bytes, type };
  });

/** Table ids as the platform's events carry them: 1–64 letters, digits or `_ . : -`. */
export const TABLE_ID_PATTERN = /^[\w.:-]{1,64}$/;

const tableIdSchema = requiredString(ERR.GENERAL, 'table id is required').refine(
  (s) => s.length === 0 || TABLE_ID_PATTERN.test(s),
  { message: 'table id may hold letters, digits and _ . : - only', params: { key: 'tables.idCharacters' } },
);

const gameIdSchema = z
  .number({ error: 'game is required' })
  .refine((n) => isGameId(n), {
    message: 'not a game of the game list',
    params: { key: 'validation.invalidValue' },
  })
  .transform((n) => n as GameId);

/** Machine types (spec section 3). */
export const MACHINE_TYPES = [MachineType.Small, MachineType.Medium, MachineType.Big] as const;
const machineTypeSchema = z.union(
  [z.literal(MachineType.Small), z.literal(MachineType.Medium), z.literal(MachineType.Big)],
  { error: 'game type is required' },
);

const tableFields = {
  gameId: gameIdSchema,
  tableId: tableIdSchema,
  name: requiredString(ERR.GENERAL, 'table name is required'),
  type: machineTypeSchema,
  enabled: z.boolean({ error: 'enabled is required' }),
};

/** `POST /gamesetting/table/create`: every field, the icon included. */
export const tableCreateBodySchema = z.object({ ...tableFields, icon: tableIconSchema });
export type TableCreateBody = z.input<typeof tableCreateBodySchema>;
export type TableCreate = z.output<typeof tableCreateBodySchema>;

/** `POST /gamesetting/table/update`: every field; without `icon` the table keeps its icon. */
export const tableUpdateBodySchema = z.object({
  id: idSchema,
  ...tableFields,
  icon: tableIconSchema.optional(),
});
export type TableUpdateBody = z.input<typeof tableUpdateBodySchema>;
export type TableUpdate = z.output<typeof tableUpdateBodySchema>;

/** `POST /gamesetting/table/enabled`: switches a table on or off. */
export const tableEnabledBodySchema = z.object({
  id: idSchema,
  enabled: z.boolean({ error: 'enabled is required' }),
});
export type TableEnabledBody = z.input<typeof tableEnabledBodySchema>;

/** `POST /gamesetting/table/delete`. */
export const tableDeleteBodySchema = z.object({ id: idSchema });

const booleanQuery = z
  .enum(['true', 'false'], { error: 'enabled must be true or false' })
  .transform((s) => s === 'true');

/** `GET /gamesetting/table/list`: newest first; filters by game, enabled and a keyword (table id or name). */
export const tableListQuerySchema = pageQuerySchema.extend({
  gameId: z.coerce
    .number({ error: 'gameId must be a number' })
    .refine((n) => isGameId(n), {
      message: 'not a game of the game list',
      params: { key: 'validation.invalidValue' },
    })
    .optional(),
  enabled: booleanQuery.optional(),
  keyword: keywordSchema,
});
export type TableListQuery = z.output<typeof tableListQuerySchema>;

/** A configured table as the list shows it. */
export const tableRowSchema = z.object({
  id: z.number().int(),
  gameId: z.number().int(),
  tableId: z.string(),
  name: z.string(),
  type: z.number().int(),
  enabled: z.boolean(),
  iconType: z.enum(TABLE_ICON_TYPES),
  iconSize: z.number().int(),
  /** Changes with the icon (a hash prefix): the client adds it to the icon's URL. */
  iconVersion: z.string(),
  createdAt: z.number(),
  createdBy: z.string(),
  updatedAt: z.number(),
  updatedBy: z.string(),
});
export type TableRow = z.infer<typeof tableRowSchema>;
export const tablePageSchema = pageSchema(tableRowSchema);

/** A table the stored rounds name that is not configured. */
export const unconfiguredTableSchema = z.object({
  /** The game of its latest round. */
  gameId: z.number().int(),
  tableId: z.string(),
  /** Start of its first and last stored round (epoch ms). */
  firstSeenAt: z.number(),
  lastSeenAt: z.number(),
  rounds: z.number().int(),
});
export type UnconfiguredTable = z.infer<typeof unconfiguredTableSchema>;

/** At most this many unconfigured tables are listed (the most recently seen). */
export const UNCONFIGURED_TABLES_MAX = 500;
