import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import { ok } from '@dms/shared/contracts/envelope';
import { ERR } from '@dms/shared/errors/codes';
import { endpoints, type EndpointDef, type Endpoints } from '@dms/shared/contracts/http/endpoints';
import {
  isMessageKey,
  MESSAGES,
  placeholdersOf,
  type Message,
  type MessageKey,
} from '@dms/shared/errors/messages';
import { AppError, refuse } from '../errors/errors';
import { holdsAny, type AuthContext } from '../auth/auth.context';
import { bearerToken } from '../auth/auth.token';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type DataOf<E extends EndpointDef> = E['response'] extends z.ZodType ? z.input<E['response']> : void;

/** What a handler receives: the validated query and body, the caller, and the raw request. */
export interface RequestContext<E extends EndpointDef> {
  /** The caller; undefined only for public and `display` endpoints (which read the display token themselves). */
  auth: E['access'] extends 'public' | 'display' ? AuthContext | undefined : AuthContext;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  ip: string;
  userAgent: string;
  req: Request;
  /** For `file` responses only: the handler writes the response itself. */
  res: Response;
}

/** The implementation of one endpoint: optional middleware before validation, then the handler. */
export interface EndpointImpl<E extends EndpointDef> {
  before?: RequestHandler[];
  handle(ctx: RequestContext<E>): Promise<DataOf<E>> | DataOf<E>;
}

/**
 * Implementations keyed like the registry. Modules provide subsets; an endpoint of the registry that no
 * module implements yet (the registry runs ahead of the gateway) answers 501 after its access guard.
 */
export type EndpointImpls = { [K in keyof Endpoints]?: EndpointImpl<Endpoints[K]> };

export interface MountOptions {
  authenticate(token: string | undefined): Promise<AuthContext>;
  /** Checks every `data` against the registry's response schema (tests): a mismatch is a 500. */
  validateResponses: boolean;
  /**
   * Validation messages that reach the user exactly as written, without the field name in front (the
   * spec's search-page messages, "Do not choose providerId !" and the like).
   */
  verbatimMessages?: ReadonlySet<string>;
}

type Issue = z.core.$ZodIssue;

/** The value at `path` in the request input (to tell a missing field from a wrong one). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[part];
  }
  return node;
}

/** The primitive parameters a schema put on a custom issue (`params`), without `code` and `key`. */
function issueParams(params: unknown): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (!params || typeof params !== 'object') return out;
  for (const [name, value] of Object.entries(params as Record<string, unknown>)) {
    if (name === 'code' || name === 'key') continue;
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) out[name] = value;
  }
  return out;
}

/** Keys of the catalogue texts without parameters, by text (the first key of a text wins). */
const KEY_OF_TEXT: ReadonlyMap<string, MessageKey> = new Map(
  (Object.entries(MESSAGES) as [MessageKey, string][])
    .filter(([, text]) => placeholdersOf(text).length === 0)
    .reverse()
    .map(([key, text]) => [text, key] as const),
);

const num = (v: unknown): number | string => (typeof v === 'bigint' ? String(v) : Number(v));

/**
 * The message key and parameters of a zod issue: the key a schema put in the issue's `params.key` (with
 * the issue's other params), else a generic key by issue code — required, wrong type, too short or long,
 * too small or large, too few or many items, bad format, not an allowed value, unknown field, invalid.
 * `field` is the issue's path.
 */
export function issueMessage(issue: Issue, input: unknown): Message {
  const field = issue.path.map(String).join('.');
  const custom = (issue as { params?: { key?: unknown } }).params;
  if (isMessageKey(custom?.key)) {
    return { key: custom.key, params: { field, ...issueParams(custom) } };
  }
  // A schema that wrote a catalogue text as its message (`{error: MESSAGES[key]}`) meant that key.
  const byText = KEY_OF_TEXT.get(issue.message);
  if (byText) return { key: byText, params: { field } };
  switch (issue.code) {
    case 'invalid_type': {
      const value = valueAt(input, issue.path);
      if (value === undefined || value === null || value === '') {
        return { key: 'validation.required', params: { field } };
      }
      return { key: 'validation.invalidType', params: { field, expected: String(issue.expected) } };
    }
    case 'too_small': {
      const min = num(issue.minimum);
      if (issue.origin === 'string') {
        const value = valueAt(input, issue.path);
        if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
          return { key: 'validation.required', params: { field } };
        return { key: 'validation.tooShort', params: { field, min } };
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { key: 'validation.tooFew', params: { field, min } };
      }
      return { key: 'validation.tooSmall', params: { field, min } };
    }
    case 'too_big': {
      const max = num(issue.maximum);
      if (issue.origin === 'string') return { key: 'validation.tooLong', params: { field, max } };
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { key: 'validation.tooMany', params: { field, max } };
      }
      return { key: 'validation.tooLarge', params: { field, max } };
    }
    case 'invalid_format':
      return { key: 'validation.invalidFormat', params: { field } };
    case 'invalid_value':
    case 'invalid_union': {
      const value = valueAt(input, issue.path);
      if (value === undefined || value === null) return { key: 'validation.required', params: { field } };
      return { key: 'validation.invalidValue', params: { field } };
    }
    case 'unrecognized_keys':
      return {
        key: 'validation.unknownField',
        params: { field: [field, issue.keys[0] ?? ''].filter(Boolean).join('.') },
      };
    default:
      return { key: 'validation.invalid', params: { field } };
  }
}

/**
 * The envelope of the first validation issue: `params.code` if the schema set one, else -1; the message
 * key and parameters of {@link issueMessage}; msg (English) names the field, unless the message is one of
 * `verbatim` (the spec's search-page messages, sent as written).
 */
export function validationError(
  error: z.ZodError,
  input: unknown = undefined,
  verbatim: ReadonlySet<string> = new Set(),
): AppError {
  const issue = error.issues[0];
  if (!issue) return refuse.bad('request.invalid');
  const params = (issue as { params?: { code?: unknown } }).params;
  const code = typeof params?.code === 'number' ? params.code : ERR.GENERAL;
  const field = issue.path.map(String).join('.');
  const text = field && !verbatim.has(issue.message) ? `${field}: ${issue.message}` : issue.message;
  // A spec code of its own (108 "role name cannot be empty") says it all, unless the schema named a key.
  if (code !== ERR.GENERAL && !isMessageKey((params as { key?: unknown } | undefined)?.key)) {
    return new AppError(code, 400, undefined, null, text);
  }
  const m = issueMessage(issue, input);
  return new AppError(code, 400, { key: m.key, params: m.params, text });
}

function parse<S>(schema: z.ZodType | undefined, input: unknown, verbatim?: ReadonlySet<string>): Parsed<S> {
  if (!schema) return undefined as Parsed<S>;
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error, input, verbatim);
  return result.data as Parsed<S>;
}

/** Checks the caller against the endpoint's `access` and leaves it in `res.locals.auth`. */
function guard(def: EndpointDef, options: MountOptions): RequestHandler {
  return async (req, res, next) => {
    // A `display` endpoint reads the display token itself (a pending one included).
    if (def.access === 'public' || def.access === 'display') return next();
    const auth = await options.authenticate(bearerToken(req.get('authorization')));
    // A wall screen's token only watches: the endpoints marked `watch`, nothing else.
    if (auth.display && !def.watch) throw refuse.forbidden('display.watchOnly');
    if (def.access !== 'session' && !holdsAny(auth, def.access)) throw refuse.forbidden();
    res.locals.auth = auth;
    next();
  };
}

const notImplemented = (): EndpointImpl<EndpointDef> => ({
  handle: () => {
    throw new AppError(ERR.GENERAL, 501, { key: 'request.notImplemented' });
  },
});

/**
 * Registers every endpoint of the shared registry on `router`: method and path, the access guard
 * (public, session, or permission codes; refused with 403 -1 "No permission"), validation of query and
 * body (400 with the first issue), the handler, and the success envelope `{code:0,msg:'success',data}`.
 * Returns the keys of the endpoints that have no implementation (answered with 501).
 */
export function mountEndpoints(router: Router, impls: EndpointImpls, options: MountOptions): string[] {
  const missing: string[] = [];
  for (const [key, def] of Object.entries(endpoints) as [keyof Endpoints, EndpointDef][]) {
    const given = impls[key] as unknown as EndpointImpl<EndpointDef> | undefined;
    if (!given) missing.push(key);
    const impl = given ?? notImplemented();
    const run: RequestHandler = async (req, res) => {
      const ctx: RequestContext<EndpointDef> = {
        auth: res.locals.auth as AuthContext,
        query: parse(def.query, req.query, options.verbatimMessages),
        body: parse(def.body, req.body ?? {}, options.verbatimMessages),
        ip: req.ip ?? '',
        userAgent: req.get('user-agent') ?? '',
        req,
        res,
      };
      const data: unknown = await impl.handle(ctx);
      if (def.response === 'file') return;
      if (options.validateResponses) {
        const checked = def.response.safeParse(data);
        if (!checked.success) {
          throw new Error(
            `response of ${def.method} ${def.path} breaks its schema: ${checked.error.message}`,
          );
        }
      }
      res.json(ok(data ?? null));
    };
    const route =
      def.method === 'GET'
        ? router.get.bind(router)
        : def.method === 'DELETE'
          ? router.delete.bind(router)
          : router.post.bind(router);
    route(def.path, guard(def, options), ...(impl.before ?? []), run);
  }
  return missing;
}
