import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import { ok } from '@dms/shared/contracts/envelope';
import { ERR } from '@dms/shared/errors/codes';
import { endpoints, type EndpointDef, type Endpoints } from '@dms/shared/contracts/http/endpoints';
import { AppError, refuse } from '../errors/errors';
import { holdsAny, type AuthContext } from '../auth/auth.context';
import { bearerToken } from '../auth/auth.token';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type DataOf<E extends EndpointDef> = E['response'] extends z.ZodType ? z.input<E['response']> : void;

/** What a handler receives: the validated query and body, the caller, and the raw request. */
export interface RequestContext<E extends EndpointDef> {
  /** The caller; undefined only for public endpoints. */
  auth: E['access'] extends 'public' ? AuthContext | undefined : AuthContext;
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

/**
 * The envelope of the first validation issue: `params.code` if the schema set one, else -1; msg names the
 * field, unless the message is one of `verbatim`.
 */
export function validationError(error: z.ZodError, verbatim: ReadonlySet<string> = new Set()): AppError {
  const issue = error.issues[0];
  if (!issue) return refuse.bad('invalid request');
  const params = (issue as { params?: { code?: unknown } }).params;
  const code = typeof params?.code === 'number' ? params.code : ERR.GENERAL;
  const field = issue.path.map(String).join('.');
  const msg = field && !verbatim.has(issue.message) ? `${field}: ${issue.message}` : issue.message;
  return new AppError(code, 400, msg);
}

function parse<S>(schema: z.ZodType | undefined, input: unknown, verbatim?: ReadonlySet<string>): Parsed<S> {
  if (!schema) return undefined as Parsed<S>;
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error, verbatim);
  return result.data as Parsed<S>;
}

/** Checks the caller against the endpoint's `access` and leaves it in `res.locals.auth`. */
function guard(def: EndpointDef, options: MountOptions): RequestHandler {
  return async (req, res, next) => {
    if (def.access === 'public') return next();
    const auth = await options.authenticate(bearerToken(req.get('authorization')));
    if (def.access !== 'session' && !holdsAny(auth, def.access)) throw refuse.forbidden();
    res.locals.auth = auth;
    next();
  };
}

const notImplemented = (): EndpointImpl<EndpointDef> => ({
  handle: () => {
    throw new AppError(ERR.GENERAL, 501, 'Not implemented yet');
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
    const route = def.method === 'GET' ? router.get.bind(router) : router.post.bind(router);
    route(def.path, guard(def, options), ...(impl.before ?? []), run);
  }
  return missing;
}
