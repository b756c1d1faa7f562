import type { Router } from 'express';
import { rateLimit, ipKeyGenerator, type Store } from 'express-rate-limit';
import { ERR } from '@dms/shared/errors/codes';
import { AVATAR_PATH, TOKEN_COOKIE } from '@dms/shared/contracts/http/paths';
import type { EndpointImpls } from '../../platform/http/http.endpoints';
import { failWith, refuse } from '../../platform/errors/errors';
import type { AuthContext } from '../../platform/auth/auth.context';
import { bearerToken } from '../../platform/auth/auth.token';
import { readCookie } from '../../platform/http/http.security';
import type { UserService } from './user.service';
import { avatarSvg } from './user.avatar';

export interface UserRoutesOptions {
  /** Login attempts per minute per client IP and account name. */
  loginRatePerMinute: number;
  /** Where attempts are counted: shared by the instances in scale-out; memory by default. */
  rateLimitStore?: Store | undefined;
}

/** `POST /user/login` (rate-limited), `GET /user/info`, `POST /user/editPassword`, `POST /user/logout`. */
export function userRoutes(
  users: UserService,
  options: UserRoutesOptions,
): Pick<EndpointImpls, 'login' | 'info' | 'editPassword' | 'logout'> {
  const loginLimiter = rateLimit({
    windowMs: 60_000,
    limit: options.loginRatePerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(options.rateLimitStore ? { store: options.rateLimitStore } : {}),
    // A Redis outage must not lock every operator out: the attempt goes through uncounted.
    passOnStoreError: true,
    keyGenerator: (req) => {
      const body = req.body as { username?: unknown } | undefined;
      const name = typeof body?.username === 'string' ? body.username.trim().toLowerCase().slice(0, 64) : '';
      return `${ipKeyGenerator(req.ip ?? '')}|${name}`;
    },
    handler: (_req, res) => {
      res.status(429).json(failWith(ERR.GENERAL, 'auth.tooManyLogins'));
    },
  });
  return {
    login: {
      before: [loginLimiter],
      handle: ({ body, ip, userAgent }) => users.login(body.username, body.password, ip, userAgent),
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
