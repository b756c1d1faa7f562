import type { EndpointImpls } from '../../platform/http/http.endpoints';
import type { AuditService } from './audit.service';

/** `GET /permission/audit/list`. */
export function auditRoutes(audit: AuditService): Pick<EndpointImpls, 'auditList'> {
  return {
    auditList: { handle: ({ query }) => audit.list(query) },
  };
}
