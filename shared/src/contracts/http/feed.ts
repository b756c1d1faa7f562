import { feedStatusSchema } from '../live/feed';
import type { EndpointDef } from './endpoints';

/** `GET /feed/status`: the platform feed's status, for any signed-in account. */
export const feedStatusEndpoint = {
  method: 'GET',
  path: '/feed/status',
  summary: "The platform feed's source, state, history progress and event rate",
  tag: 'feed',
  access: 'session',
  watch: true,
  response: feedStatusSchema,
} as const satisfies EndpointDef;
