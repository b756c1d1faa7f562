import { z } from 'zod';
import { api } from '@/lib/api/api';
import { endpoints } from '@dms/shared/contracts/http/endpoints';
import type { Page } from '@dms/shared/contracts/envelope';
import type { RoleCreateBody, RoleOption, RoleRow, RoleUpdateBody } from '@dms/shared/contracts/http/role';

/** Arguments of the role list: the page and an optional name keyword. */
export interface RoleListArgs {
  page: number;
  pageSize: number;
  keyword?: string;
}

const roleListResponse = endpoints.roleList.response;
const roleOptionsResponse = endpoints.roleOptions.response;
const createdResponse = z.object({ id: z.number().int() });

/**
 * Role management calls (`/permission/role/*`). Role names appear in the staff list and the staff
 * list's account counts appear here, so mutations of either invalidate both tags.
 */
export const roleApi = api.injectEndpoints({
  endpoints: (build) => ({
    roleList: build.query<Page<RoleRow>, RoleListArgs>({
      query: ({ page, pageSize, keyword }) => ({
        url: endpoints.roleList.path,
        method: endpoints.roleList.method,
        params: keyword ? { page, pageSize, keyword } : { page, pageSize },
      }),
      responseSchema: roleListResponse,
      providesTags: (result) => [
        { type: 'Role' as const, id: 'LIST' },
        ...(result?.list ?? []).map((r) => ({ type: 'Role' as const, id: r.id })),
      ],
    }),
    roleOptions: build.query<RoleOption[], void>({
      query: () => ({ url: endpoints.roleOptions.path, method: endpoints.roleOptions.method }),
      responseSchema: roleOptionsResponse,
      providesTags: [{ type: 'Role', id: 'OPTIONS' }],
    }),
    roleCreate: build.mutation<{ id: number }, RoleCreateBody>({
      query: (body) => ({ url: endpoints.roleCreate.path, method: endpoints.roleCreate.method, body }),
      responseSchema: createdResponse,
      invalidatesTags: [
        { type: 'Role', id: 'LIST' },
        { type: 'Role', id: 'OPTIONS' },
      ],
    }),
    roleUpdate: build.mutation<null, RoleUpdateBody>({
      query: (body) => ({ url: endpoints.roleUpdate.path, method: endpoints.roleUpdate.method, body }),
      invalidatesTags: (_result, _error, body) => [
        { type: 'Role', id: 'LIST' },
        { type: 'Role', id: 'OPTIONS' },
        { type: 'Role', id: Number(body.id) },
        // The staff list shows role names; a signed-in account's own menu may change too.
        'Staff',
        'User',
      ],
    }),
    roleDelete: build.mutation<null, { id: number }>({
      query: (body) => ({ url: endpoints.roleDelete.path, method: endpoints.roleDelete.method, body }),
      invalidatesTags: [
        { type: 'Role', id: 'LIST' },
        { type: 'Role', id: 'OPTIONS' },
      ],
    }),
  }),
});

export const {
  useRoleListQuery,
  useRoleOptionsQuery,
  useRoleCreateMutation,
  useRoleUpdateMutation,
  useRoleDeleteMutation,
} = roleApi;
