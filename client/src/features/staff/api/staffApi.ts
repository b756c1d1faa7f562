import { api } from '@/lib/api/api';
import { endpoints } from '@dms/shared/contracts/http/endpoints';
import type { Page } from '@dms/shared/contracts/envelope';
import type { RoleOption } from '@dms/shared/contracts/http/role';
import type { StaffCreateBody, StaffRow, StaffUpdateBody } from '@dms/shared/contracts/http/staff';

/** Arguments of the staff list: the page, a keyword (account or nickname) and a role filter. */
export interface StaffListArgs {
  page: number;
  pageSize: number;
  keyword?: string;
  roleId?: number;
}

/** What creating an account returns: its id, and the password when the gateway generated it. */
export interface StaffCreateResult {
  id: number;
  password?: string;
}

function listParams({ page, pageSize, keyword, roleId }: StaffListArgs): Record<string, string | number> {
  const params: Record<string, string | number> = { page, pageSize };
  if (keyword) params.keyword = keyword;
  if (roleId) params.roleId = roleId;
  return params;
}

// Account changes alter the account counts of the role list, hence the 'Role' LIST invalidations.
const accountChanged = [
  { type: 'Staff' as const, id: 'LIST' },
  { type: 'Role' as const, id: 'LIST' },
];

/**
 * Account (staff) management calls (`/permission/staff/*`) and the role options of the account form.
 * Providers and currencies come from the shell's `baseDataApi`. Endpoint names start with `staff` so
 * they never collide with other features' injections.
 */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    staffList: build.query<Page<StaffRow>, StaffListArgs>({
      query: (args) => ({
        url: endpoints.staffList.path,
        method: endpoints.staffList.method,
        params: listParams(args),
      }),
      responseSchema: endpoints.staffList.response,
      providesTags: (result) => [
        { type: 'Staff' as const, id: 'LIST' },
        ...(result?.list ?? []).map((s) => ({ type: 'Staff' as const, id: s.id })),
      ],
    }),
    staffRoleOptions: build.query<RoleOption[], void>({
      query: () => ({ url: endpoints.roleOptions.path, method: endpoints.roleOptions.method }),
      responseSchema: endpoints.roleOptions.response,
      providesTags: [{ type: 'Role', id: 'OPTIONS' }],
    }),
    staffCreate: build.mutation<StaffCreateResult, StaffCreateBody>({
      query: (body) => ({ url: endpoints.staffCreate.path, method: endpoints.staffCreate.method, body }),
      responseSchema: endpoints.staffCreate.response,
      invalidatesTags: accountChanged,
    }),
    staffUpdate: build.mutation<null, StaffUpdateBody>({
      query: (body) => ({ url: endpoints.staffUpdate.path, method: endpoints.staffUpdate.method, body }),
      // Editing one's own account changes one's scope, so the signed-in user's info is refreshed too.
      invalidatesTags: [...accountChanged, 'User'],
    }),
    staffDelete: build.mutation<null, { id: number }>({
      query: (body) => ({ url: endpoints.staffDelete.path, method: endpoints.staffDelete.method, body }),
      invalidatesTags: accountChanged,
    }),
  }),
});

export const {
  useStaffListQuery,
  useStaffRoleOptionsQuery,
  useStaffCreateMutation,
  useStaffUpdateMutation,
  useStaffDeleteMutation,
} = staffApi;
