import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import type { Subscription } from 'rxjs';
import type { LiveConnection } from '@/lib/live/live';
import { useLiveConnection } from '@/lib/live/liveContext';
import { useTpMonitorGroupsQuery, useTpMonitorTablesQuery } from '../api/tpMonitorApi';
import { tpBatches } from '../tpStreams';
import { groupsLoaded, liveBatchReceived, tablesLoaded } from './tpSlice';

type Dispatch = ReturnType<typeof useDispatch>;

/** One subscription per live connection, shared by every mounted monitor (no bet counted twice). */
const feeds = new Map<LiveConnection, { subscription: Subscription; users: number }>();

function acquireFeed(dispatch: Dispatch, connection: LiveConnection): () => void {
  let feed = feeds.get(connection);
  if (!feed) {
    const subscription = tpBatches((name) => connection.stream<unknown>(name)).subscribe((events) =>
      dispatch(liveBatchReceived({ events, receivedAt: Date.now() })),
    );
    feed = { subscription, users: 0 };
    feeds.set(connection, feed);
  }
  feed.users += 1;
  return () => {
    const current = feeds.get(connection);
    if (!current) return;
    current.users -= 1;
    if (current.users === 0) {
      current.subscription.unsubscribe();
      feeds.delete(connection);
    }
  };
}

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

  useEffect(() => acquireFeed(dispatch, connection), [dispatch, connection]);

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
