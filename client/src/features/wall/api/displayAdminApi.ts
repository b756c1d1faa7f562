import { endpoints } from '@dms/shared/contracts/http/endpoints';
import type { Page } from '@dms/shared/contracts/envelope';
import type {
  DisplayApproveBody,
  DisplayPending,
  DisplayRenameBody,
  DisplayRow,
} from '@dms/shared/contracts/http/display';
import type { RoleOption } from '@dms/shared/contracts/http/role';
import { api } from '@/lib/api/api';

export interface DisplayListArgs {
  page: number;
  pageSize: number;
  keyword?: string | undefined;
  state?: 'active' | 'revoked' | undefined;
}

const tagged = api.enhanceEndpoints({ addTagTypes: ['Display'] });

/**
 * The console's wall-screen calls (`/display/*`, account management 9002): the pending request of a code,
 * approval, the list, rename and revoke. Endpoint names start with `display`.
 */
export const displayAdminApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    displayList: build.query<Page<DisplayRow>, DisplayListArgs>({
      query: ({ keyword, state, ...rest }) => ({
        url: endpoints.displayList.path,
        params: { ...rest, ...(keyword ? { keyword } : {}), ...(state ? { state } : {}) },
      }),
      responseSchema: endpoints.displayList.response,
      providesTags: ['Display'],
    }),
    displayPending: build.query<DisplayPending, string>({
      query: (code) => ({ url: endpoints.displayPending.path, params: { code } }),
      responseSchema: endpoints.displayPending.response,
      extraOptions: { silent: true },
    }),
    displayRoleOptions: build.query<RoleOption[], void>({
      query: () => ({ url: endpoints.roleOptions.path }),
      responseSchema: endpoints.roleOptions.response,
      providesTags: [{ type: 'Role' as const, id: 'LIST' }],
    }),
    displayApprove: build.mutation<{ id: number }, DisplayApproveBody>({
      query: (body) => ({ url: endpoints.displayApprove.path, method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['Display'],
    }),
    displayRename: build.mutation<null, DisplayRenameBody>({
      query: (body) => ({ url: endpoints.displayRename.path, method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['Display'],
    }),
    displayRevoke: build.mutation<null, { id: number }>({
      query: (body) => ({ url: endpoints.displayRevoke.path, method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['Display'],
    }),
  }),
});

export const {
  useDisplayListQuery,
  useDisplayPendingQuery,
  useDisplayRoleOptionsQuery,
  useDisplayApproveMutation,
  useDisplayRenameMutation,
  useDisplayRevokeMutation,
} = displayAdminApi;
