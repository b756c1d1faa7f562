import type { EndpointImpls } from '../../platform/http/http.endpoints';
import type { RatesService } from './rates.service';

/** `/exchange-rates/*`: list and history for 12000 and 12001; set, delete and import for 12001. */
export function ratesRoutes(
  rates: RatesService,
): Pick<EndpointImpls, 'rateList' | 'rateSet' | 'rateDelete' | 'rateImport' | 'rateHistory'> {
  return {
    rateList: { handle: ({ query }) => rates.list(query) },
    rateSet: { handle: ({ auth, body, ip }) => rates.set(auth, body, ip) },
    rateDelete: { handle: ({ auth, body, ip }) => rates.delete(auth, body, ip) },
    rateImport: { handle: ({ auth, body, ip }) => rates.import(auth, body.csv, ip) },
    rateHistory: { handle: ({ query }) => rates.history(query.page, query.pageSize) },
  };
}
