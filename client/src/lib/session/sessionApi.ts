import type { EditPasswordBody, LoginBody, LoginResult, UserInfo } from '@dms/shared/contracts/http/user';
import { api } from '@/lib/api/api';

/** The spec's user calls (section 7) and logout. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResult, LoginBody>({
      query: (body) => ({ url: '/user/login', method: 'POST', body }),
    }),
    userInfo: build.query<UserInfo, void>({
      query: () => '/user/info',
      // The session gate shows the failure and sends the user to the login page itself.
      extraOptions: { silent: true, noRelogin: true },
      providesTags: ['User'],
    }),
    editPassword: build.mutation<null, EditPasswordBody>({
      query: (body) => ({ url: '/user/editPassword', method: 'POST', body }),
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: '/user/logout', method: 'POST' }),
      // Logging out goes on locally whatever the gateway answers.
      extraOptions: { silent: true, noRelogin: true },
    }),
  }),
});

export const { useLoginMutation, useUserInfoQuery, useEditPasswordMutation, useLogoutMutation } = sessionApi;
