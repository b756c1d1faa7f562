import type { EndpointImpls } from '../../platform/http/http.endpoints';
import type { RoleService } from './role.service';

/** `/permission/role/{list,options,create,update,delete}`. */
export function roleRoutes(
  roles: RoleService,
): Pick<EndpointImpls, 'roleList' | 'roleOptions' | 'roleCreate' | 'roleUpdate' | 'roleDelete'> {
  return {
    roleList: { handle: ({ query }) => roles.list(query) },
    roleOptions: { handle: ({ auth }) => roles.options(auth) },
    roleCreate: { handle: ({ auth, body, ip }) => roles.create(auth, body, ip) },
    roleUpdate: { handle: ({ auth, body, ip }) => roles.update(auth, body.id, body, ip) },
    roleDelete: { handle: ({ auth, body, ip }) => roles.delete(auth, body.id, ip) },
  };
}
