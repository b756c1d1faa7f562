import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { sharedFeed } from '@/lib/live/liveBatches';
import { useLiveConnection } from '@/lib/live/liveContext';
import { connectionState, monitorBatches } from '../monitorStreams';
import { useMonitorGroupsQuery, useMonitorTablesQuery, useMonitorVolumeQuery } from '../api/monitorApi';
import { evidenceLoaded, groupsLoaded, liveBatchReceived, selectMode, tablesLoaded } from './monitorSlice';

/**
 * The one subscription to the monitor's live batches per connection, shared by every mounted monitor (a
 * console page kept alive behind another tab and a wall screen must not count each bet twice).
 */
const acquireFeed = sharedFeed((source) => monitorBatches(source));

/**
 * Feeds the monitor's slice while a monitor is shown: the starting picture, the stored groups and the
 * chart's stored evidence from REST, then the live batches (one action each). The picture and the groups
 * reload after a reconnect (what the socket missed; the live replay brings the evidence), the picture and
 * the evidence when a replay ends (their queries are skipped while it plays).
 */
export function useMonitorFeed(): { loading: boolean; failed: boolean; retry: () => void } {
  const dispatch = useDispatch();
  const connection = useLiveConnection();
  const mode = useSelector(selectMode);
  // Skipped during a replay: back in live, the query starts again and loads a fresh picture.
  const tables = useMonitorTablesQuery(undefined, { skip: mode !== 'live', refetchOnMountOrArgChange: true });
  const groups = useMonitorGroupsQuery();
  // The chart's evidence before it opened (and during a replay, once back in live).
  const volume = useMonitorVolumeQuery(undefined, { skip: mode !== 'live', refetchOnMountOrArgChange: true });
  const refetchTables = tables.refetch;
  const refetchGroups = groups.refetch;

  useEffect(() => {
    if (tables.data && tables.fulfilledTimeStamp)
      dispatch(tablesLoaded({ tables: tables.data, receivedAt: tables.fulfilledTimeStamp }));
  }, [dispatch, tables.data, tables.fulfilledTimeStamp]);

  useEffect(() => {
    if (groups.data && groups.fulfilledTimeStamp)
      dispatch(groupsLoaded({ groups: groups.data.items, receivedAt: groups.fulfilledTimeStamp }));
  }, [dispatch, groups.data, groups.fulfilledTimeStamp]);

  useEffect(() => {
    if (volume.data) dispatch(evidenceLoaded(volume.data));
  }, [dispatch, volume.data]);

  useEffect(
    () =>
      acquireFeed(connection, (events) => dispatch(liveBatchReceived({ events, receivedAt: Date.now() }))),
    [dispatch, connection],
  );

  // After a reconnect the socket missed events: reload the picture (the first connect needs nothing).
  const refetch = useRef({ tables: refetchTables, groups: refetchGroups, mode });
  refetch.current = { tables: refetchTables, groups: refetchGroups, mode };
  useEffect(() => {
    let dropped = false;
    const subscription = connectionState(connection).subscribe((state) => {
      if (state === 'reconnecting') dropped = true;
      if (state === 'connected' && dropped) {
        dropped = false;
        if (refetch.current.mode === 'live') void refetch.current.tables();
        void refetch.current.groups();
      }
    });
    return () => subscription.unsubscribe();
  }, [connection]);

  return {
    loading: tables.isLoading,
    failed: tables.isError,
    retry: () => void refetchTables(),
  };
}
