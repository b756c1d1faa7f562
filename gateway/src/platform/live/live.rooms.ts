import {
  LIVE_PERMISSION_CODES,
  accountRoom,
  displayRoom,
  liveRoom,
  permRoom,
  providerRoom,
  roleRoom,
} from '@dms/shared/contracts/live/rooms';
import type { Access } from '../auth/auth.context';

/** The rooms that depend on access (as opposed to `session:<id>` and the socket's own room). */
export function isAccessRoom(room: string): boolean {
  return /^(perm|provider|live|role|account|display):/.test(room);
}

/** Every access-dependent room a socket of this account (or wall screen) belongs in. */
export function roomsFor(access: Access): string[] {
  const providers: (number | 'all')[] =
    access.scope.providers === 'all' ? ['all'] : [...access.scope.providers];
  const rooms = [
    access.display ? displayRoom(access.display.id) : accountRoom(access.accountId),
    roleRoom(access.roleId),
  ];
  for (const code of access.permissions) rooms.push(permRoom(code));
  for (const p of providers) rooms.push(providerRoom(p));
  for (const code of LIVE_PERMISSION_CODES) {
    if (!access.isSuperRole && !access.permissions.includes(code)) continue;
    for (const p of providers) rooms.push(liveRoom(code, p));
  }
  return rooms;
}
