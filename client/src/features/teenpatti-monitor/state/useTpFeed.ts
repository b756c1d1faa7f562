import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { sharedFeed } from '@/lib/live/liveBatches';
import { useLiveConnection } from '@/lib/live/liveContext';
import { useTpMonitorGroupsQuery, useTpMonitorTablesQuery } from '../api/tpMonitorApi';
import { tpBatches } from '../tpStreams';
import { groupsLoaded, liveBatchReceived, tablesLoaded } from './tpSlice';

/**
 * The one subscription to the monitor's live batches per connection, shared by every mounted monitor (a
 * console page kept alive behind another tab and a wall screen must not count each bet twice).
 */
const acquireFeed = sharedFeed(tpBatches);

/**
 * Feeds the Teen Patti monitor's slice while it is shown: the starting picture and the stored groups from
 * REST, then the live batches of the connection in context (the app's, or a wall's own); both reload after a
 * reconnect.
 */
export function useTpFeed(): { loading: boolean; failed: boolean; retry: () => void } {
  const dispatch = useDispatch();
  const connection = useLiveConnection();
  const tables = useTpMonitorTablesQuery(undefined, { refetchOnMountOrArgChange: true });
  const groups = useTpMonitorGroupsQuery();

  useEffect(() => {
    if (tables.data && tables.fulfilledTimeStamp)
      dispatch(tablesLoaded({ tables: tables.data, receivedAt: tables.fulfilledTimeStamp }));
  }, [dispatch, tables.data, tables.fulfilledTimeStamp]);

  useEffect(() => {
    if (groups.data && groups.fulfilledTimeStamp)
      dispatch(groupsLoaded({ groups: groups.data.items, receivedAt: groups.fulfilledTimeStamp }));
  }, [dispatch, groups.data, groups.fulfilledTimeStamp]);

  useEffect(
    () =>
      acquireFeed(connection, (events) => dispatch(liveBatchReceived({ events, receivedAt: Date.now() }))),
    [dispatch, connection],
  );

  const refetch = useRef({ tables: tables.refetch, groups: groups.refetch });
  refetch.current = { tables: tables.refetch, groups: groups.refetch };
  useEffect(() => {
    let dropped = false;
    const subscription = connection.connectionState$.subscribe((state) => {
      if (state === 'reconnecting') dropped = true;
      if (state === 'connected' && dropped) {
        dropped = false;
        void refetch.current.tables();
        void refetch.current.groups();
      }
    });
    return () => subscription.unsubscribe();
  }, [connection]);

  const retry = tables.refetch;
  return { loading: tables.isLoading, failed: tables.isError, retry: () => void retry() };
}
