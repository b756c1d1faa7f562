import type { UserInfo } from '@dms/shared/contracts/http/user';
import type { FeedStatus } from '@dms/shared/contracts/live/feed';
import type { SessionState } from '@/lib/session/sessionSlice';
import { deriveSessionProfile } from '@/lib/session/userInfo';

/** `GET /user/info` of an operator with risk data and the permission screens. */
export function userInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    permission: '8000,9000,9001,9002',
    user: 'ops.lead',
    avatar: '/api/avatar/2',
    introduction: '',
    currency_list: 'CNY,INR',
    h5_channel_power: '[1001,1002]',
    uid: 2,
    union_id: '',
    nickname: 'Ops Lead',
    role: { id: 2, name: 'Risk analyst' },
    providers: [
      { id: 1001, name: 'Golden Dragon' },
      { id: 1002, name: 'Lucky Star' },
    ],
    currencies: [
      { code: 'CNY', name: 'Chinese Yuan' },
      { code: 'INR', name: 'Indian Rupee' },
    ],
    isSuper: false,
    ...overrides,
  };
}

/** `GET /feed/status` of the simulator once its history is written (`state: 'live'`), nothing stored yet. */
export function feedStatus(overrides: Partial<FeedStatus> = {}): FeedStatus {
  return {
    source: 'sim',
    state: 'live',
    progress: 1,
    eventsTotal: 0,
    eventsPerSec: 0,
    lastEventAt: null,
    historyFrom: null,
    historyTo: null,
    ingest: false,
    ...overrides,
  };
}

/** A signed-in session with loaded roles (`status: 'ready'`). */
export function readySession(info: UserInfo = userInfo(), token = 'test-token'): SessionState {
  return { token, status: 'ready', ...deriveSessionProfile(info) };
}
