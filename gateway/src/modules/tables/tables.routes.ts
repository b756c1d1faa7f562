import type { Router } from 'express';
import { z } from 'zod';
import { TOKEN_COOKIE } from '@dms/shared/contracts/http/paths';
import { TABLE_ICON_PATH } from '@dms/shared/contracts/http/tables';
import { rawOperations } from '@dms/shared/contracts/http/endpoints';
import { idSchema } from '@dms/shared/contracts/http/fields';
import type { EndpointImpls } from '../../platform/http/http.endpoints';
import { validationError } from '../../platform/http/http.endpoints';
import { refuse } from '../../platform/errors/errors';
import { holdsAny, type AuthContext } from '../../platform/auth/auth.context';
import { bearerToken } from '../../platform/auth/auth.token';
import { readCookie } from '../../platform/http/http.security';
import type { TablesService } from './tables.service';

/** `/gamesetting/table/*`: Table setting, permission 13001 for everything. */
export function tablesRoutes(
  tables: TablesService,
): Pick<
  EndpointImpls,
  'tableList' | 'tableUnconfigured' | 'tableCreate' | 'tableUpdate' | 'tableEnabled' | 'tableDelete'
> {
  return {
    tableList: { handle: ({ query }) => tables.list(query) },
    tableUnconfigured: { handle: () => tables.unconfigured() },
    tableCreate: { handle: ({ auth, body, ip }) => tables.create(auth, body, ip) },
    tableUpdate: { handle: ({ auth, body, ip }) => tables.update(auth, body, ip) },
    tableEnabled: { handle: ({ auth, body, ip }) => tables.setEnabled(auth, body.id, body.enabled, ip) },
    tableDelete: { handle: ({ auth, body, ip }) => tables.delete(auth, body.id, ip) },
  };
}

const iconParams = z.object({ id: idSchema });

/**
 * `GET ${TABLE_ICON_PATH}/:id`: a table's icon, with the media type its signature showed on upload. An
 * `<img>` sends the `Admin-Token` cookie rather than a bearer header; either signs the caller in, who must
 * hold 13001. `nosniff` (set on every answer) keeps the browser to that type.
 */
export function mountTableIcon(
  router: Router,
  tables: TablesService,
  authenticate: (token: string | undefined) => Promise<AuthContext>,
): void {
  const access = rawOperations.tableIcon.access;
  router.get(`${TABLE_ICON_PATH}/:id`, async (req, res) => {
    const auth = await authenticate(
      bearerToken(req.get('authorization')) ?? readCookie(req.get('cookie'), TOKEN_COOKIE),
    );
    if (!holdsAny(auth, access)) throw refuse.forbidden();
    const params = { id: req.params.id };
    const parsed = iconParams.safeParse(params);
    if (!parsed.success) throw validationError(parsed.error, params);
    const icon = await tables.icon(parsed.data.id);
    res.type(icon.type).setHeader('content-disposition', 'inline').send(icon.data);
  });
}
