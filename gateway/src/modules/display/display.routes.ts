import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { failWith } from '../../platform/errors/errors';
import { ERR } from '@dms/shared/errors/codes';
import type { EndpointImpls } from '../../platform/http/http.endpoints';
import { bearerToken } from '../../platform/auth/auth.token';
import type { DisplayService } from './display.service';

export interface DisplayRoutesOptions {
  /** Pairing requests per address and minute. */
  pairRatePerMinute: number;
  rateLimitStore?: Store | undefined;
}

/** `/display/{pair,me,pending,approve,list,rename,revoke}` (wall screens). */
export function displayRoutes(
  displays: DisplayService,
  options: DisplayRoutesOptions,
): Pick<
  EndpointImpls,
  | 'displayPair'
  | 'displayMe'
  | 'displayPending'
  | 'displayApprove'
  | 'displayList'
  | 'displayRename'
  | 'displayRevoke'
> {
  const perAddress = rateLimit({
    windowMs: 60_000,
    limit: options.pairRatePerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    passOnStoreError: true,
    validate: { xForwardedForHeader: false },
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
    ...(options.rateLimitStore ? { store: options.rateLimitStore } : {}),
    handler: (_req, res) => {
      res.status(429).json(failWith(ERR.GENERAL, 'display.tooManyPairings'));
    },
  });
  return {
    displayPair: {
      before: [perAddress],
      handle: ({ body, ip, userAgent }) => displays.pair(body.label ?? '', ip, userAgent),
    },
    displayMe: { handle: ({ req, ip }) => displays.self(bearerToken(req.get('authorization')), ip) },
    displayPending: { handle: ({ query }) => displays.pending(query.code) },
    displayApprove: { handle: ({ auth, body, ip }) => displays.approve(auth, body, ip) },
    displayList: { handle: ({ query }) => displays.list(query) },
    displayRename: { handle: ({ auth, body, ip }) => displays.rename(auth, body.id, body.name, ip) },
    displayRevoke: { handle: ({ auth, body, ip }) => displays.revoke(auth, body.id, ip) },
  };
}
