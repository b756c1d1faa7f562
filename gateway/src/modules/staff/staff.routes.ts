import type { EndpointImpls } from '../../platform/http/http.endpoints';
import type { StaffService } from './staff.service';

/** `/permission/staff/{list,create,update,delete}`. */
export function staffRoutes(
  staff: StaffService,
): Pick<EndpointImpls, 'staffList' | 'staffCreate' | 'staffUpdate' | 'staffDelete'> {
  return {
    staffList: { handle: ({ auth, query }) => staff.list(auth, query) },
    staffCreate: { handle: ({ auth, body, ip }) => staff.create(auth, body, ip) },
    staffUpdate: { handle: ({ auth, body, ip }) => staff.update(auth, body.id, body, ip) },
    staffDelete: { handle: ({ auth, body, ip }) => staff.delete(auth, body.id, ip) },
  };
}
