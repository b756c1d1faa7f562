import { useSelector } from 'react-redux';
import { selectUserInfo } from '@/lib/session/sessionSlice';

/**
 * The signed-in account's id (from the session's user info), to hide the delete action on one's own
 * row. The gateway refuses a self-delete anyway (-102); this only spares the user a button that cannot work.
 */
export function useSelfUid(): number | undefined {
  return useSelector(selectUserInfo)?.uid;
}
