import { createApi } from '@reduxjs/toolkit/query/react';
import { envelopeBaseQuery } from './baseQuery';

/**
 * The one RTK Query API of the client. Features add their calls with `api.injectEndpoints` in their own
 * `api/` folder; tags below are the cache keys they invalidate.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: envelopeBaseQuery,
  tagTypes: ['User', 'Role', 'Staff', 'Audit', 'Base'],
  endpoints: () => ({}),
});
