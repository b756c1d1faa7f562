import type { Request, RequestHandler, Response, Router } from 'express';
import { rateLimit, ipKeyGenerator, type Store } from 'express-rate-limit';
import { ERR } from '@dms/shared/errors/codes';
import { API_BASE, AVATAR_PATH, TOKEN_COOKIE } from '@dms/shared/contracts/http/paths';
import { endpoints } from '@dms/shared/contracts/http/endpoints';
import type { EndpointImpls } from '../../platform/http/http.endpoints';
import { failWith, refuse } from '../../platform/errors/errors';
import type { AuthContext } from '../../platform/auth/auth.context';
import { bearerToken } from '../../platform/auth/auth.token';
import { readCookie } from '../../platform/http/http.security';
import { DEVICE_TTL_MS, type UserService } from './user.service';
import type { LoginDevice } from './user.repository';
import { avatarSvg } from './user.avatar';

export interface UserRoutesOptions {
  /** Login attempts per minute per client address and account name, and per remembered device. */
  loginRatePerMinute: number;
  /** Failed login attempts per minute per client address, whatever the account names. */
  loginIpRatePerMinute: number;
  /**
   * Where attempts are counted, one store per counter (shared by the instances in scale-out; memory by
   * default): per address and name, per address, per remembered device.
   */
  rateLimitStores?: { name?: Store | undefined; address?: Store | undefined; device?: Store | undefined };
}

/** The cookie that remembers a browser after it signed in (HttpOnly, sent to the sign-in call only). */
export const DEVICE_COOKIE = 'dms_device';

const tooMany = (res: Response) => {
  res.status(429).json(failWith(ERR.GENERAL, 'auth.tooManyLogins'));
};

function loginName(req: Request): string {
  const body = req.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? body.username.trim().toLowerCase().slice(0, 64) : '';
}

/**
 * `POST /user/login` (throttled), `GET /user/info`, `POST /user/editPassword`, `POST /user/logout`.
 *
 * The sign-in throttle slows attackers without locking out a real user, following OWASP's device cookies:
 * a browser that signed in to an account before carries a device cookie for it, and its attempts are
 * counted per device only. Every other attempt is counted per address and account name, and its failures
 * per address across all names (password spraying), so an unauthenticated caller can write at most that
 * many failed-sign-in audit rows a minute. Behind a load balancer without `DMS_TRUST_PROXY` every client
 * shares the balancer's address: remembered devices still sign in.
 */
export function userRoutes(
  users: UserService,
  options: UserRoutesOptions,
): Pick<EndpointImpls, 'login' | 'info' | 'editPassword' | 'logout'> {
  const stores = options.rateLimitStores ?? {};
  const common = {
    windowMs: 60_000,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // A Redis outage must not lock every operator out: the attempt goes through uncounted.
    passOnStoreError: true,
    // The gateway warns itself, once, about X-Forwarded-For without DMS_TRUST_PROXY.
    validate: { xForwardedForHeader: false },
    handler: (_req: Request, res: Response) => tooMany(res),
  } as const;
  const remembered = (res: Response) => res.locals.loginDevice !== undefined;
  const rememberDevice: RequestHandler = async (req, res, next) => {
    res.locals.loginDevice = await users.rememberedDevice(
      readCookie(req.get('cookie'), DEVICE_COOKIE),
      loginName(req),
    );
    next();
  };
  const perAddress = rateLimit({
    ...common,
    limit: options.loginIpRatePerMinute,
    skipSuccessfulRequests: true,
    skip: (_req, res) => remembered(res),
    ...(stores.address ? { store: stores.address } : {}),
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
  });
  const perName = rateLimit({
    ...common,
    limit: options.loginRatePerMinute,
    skip: (_req, res) => remembered(res),
    ...(stores.name ? { store: stores.name } : {}),
    keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? '')}|${loginName(req)}`,
  });
  const perDevice = rateLimit({
    ...common,
    limit: options.loginRatePerMinute,
    skip: (_req, res) => !remembered(res),
    ...(stores.device ? { store: stores.device } : {}),
    keyGenerator: (_req, res) => `device:${(res.locals.loginDevice as LoginDevice).id}`,
  });
  return {
    login: {
      before: [rememberDevice, perAddress, perName, perDevice],
      handle: async ({ body, ip, userAgent, req, res }) => {
        const device = res.locals.loginDevice as LoginDevice | undefined;
        const { result, deviceToken } = await users.login(
          body.username,
          body.password,
          ip,
          userAgent,
          device,
        );
        if (deviceToken) {
          res.cookie(DEVICE_COOKIE, deviceToken, {
            httpOnly: true,
            sameSite: 'strict',
            secure: req.secure,
            path: `${API_BASE}${endpoints.login.path}`,
            maxAge: DEVICE_TTL_MS,
          });
        }
        return result;
      },
    },
    info: { handle: ({ auth }) => users.info(auth) },
    editPassword: { handle: ({ auth, body, ip }) => users.editPassword(auth, body, ip) },
    logout: { handle: ({ auth, ip }) => users.logout(auth, ip) },
  };
}

/**
 * `GET /avatar/:uid`: the generated SVG with the initials of the signed-in account, for its own uid only
 * (404 otherwise: the image tells nobody which ids exist or whose they are). An `<img>` sends no
 * Authorization header, so the session is read from the bearer header or else the `Admin-Token` cookie,
 * which the browser sends with same-site requests only (`SameSite=Strict`). Resize parameters such as
 * `?imageView2/1/w/80/h/80` are accepted and ignored, since SVG scales.
 */
export function mountAvatar(
  router: Router,
  users: UserService,
  authenticate: (token: string | undefined) => Promise<AuthContext>,
): void {
  router.get(`${AVATAR_PATH}/:uid`, async (req, res) => {
    const auth = await authenticate(
      bearerToken(req.get('authorization')) ?? readCookie(req.get('cookie'), TOKEN_COOKIE),
    );
    if (req.params.uid !== String(auth.accountId)) throw refuse.notFound('request.notFound');
    const label = await users.avatarLabel(auth.accountId);
    res.type('image/svg+xml').send(avatarSvg(label, auth.accountId));
  });
}
