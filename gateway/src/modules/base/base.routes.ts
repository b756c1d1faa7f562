import type { EndpointImpls } from '../../platform/http/http.endpoints';
import type { BaseService } from './base.service';

/** `GET /base/providers`, `GET /base/currencies`: scoped to the caller. */
export function baseRoutes(base: BaseService): Pick<EndpointImpls, 'providers' | 'currencies'> {
  return {
    providers: { handle: ({ auth }) => base.providers(auth.scope) },
    currencies: { handle: ({ auth }) => base.currencies(auth.scope) },
  };
}
