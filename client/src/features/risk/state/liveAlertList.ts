import { addListener, type UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import type { AlertRow, RiskPage } from '@dms/shared/contracts/http/risk';
import { liveAlertsReceived, type AlertChange } from '@/lib/alerts/liveAlertsSlice';
import { useLibDispatch } from '@/lib/store/hooks';
import { riskApi } from '../api/riskApi';

type Params = Record<string, string | number | undefined>;

/** After live changes, the shown lists are read once more within this time (assignees, snooze ends). */
const RECONCILE_MS = 10_000;

/** Whether an alert change belongs to a list of these filters. */
function matches(args: Params, change: AlertChange): boolean {
  const { alert, providers } = change.payload;
  if (args.state && args.state !== alert.state) return false;
  if (args.level && Number(args.level) !== alert.level) return false;
  if (args.kind && args.kind !== alert.kind) return false;
  if (args.provider && !providers.includes(Number(args.provider))) return false;
  return true;
}

/**
 * Applies a batch of live alert changes to a cached page of the alert list: a row present takes its new
 * state, level, last change and outcome; a new alert matching the filters comes first on page 1 (and counts
 * in the total of every page). Rows stay where they are until the list is read again.
 */
export function applyAlertChanges(
  page: RiskPage<AlertRow>,
  args: Params,
  changes: readonly AlertChange[],
): void {
  for (const change of changes) {
    const { alert, seq, providers } = change.payload;
    const row = page.items.find((r) => r.id === alert.id);
    if (row) {
      if (row.seq >= seq) continue;
      row.seq = seq;
      row.state = alert.state;
      row.level = alert.level;
      row.outcome = alert.outcome ?? null;
      row.by = alert.by ? { id: alert.by.accountId, name: alert.by.name } : row.by;
      row.at = alert.at ?? row.at;
      if (alert.state !== 'snoozed') row.snoozedUntil = null;
      continue;
    }
    if (change.event !== 'alert:raised' || !matches(args, change)) continue;
    page.total += 1;
    if (Number(args.page ?? 1) !== 1) continue;
    page.items.unshift({
      id: alert.id,
      seq,
      kind: alert.kind,
      level: alert.level,
      state: alert.state,
      subject: alert.subject,
      providers,
      raisedAt: alert.raisedAt,
      assignee: null,
      snoozedUntil: null,
      outcome: alert.outcome ?? null,
      by: null,
      at: null,
    });
    const size = Number(args.size ?? 20);
    if (page.items.length > size) page.items.length = size;
  }
}

/**
 * Keeps the alert centre's cached lists live while it is shown: each batch of alert changes from the live
 * channel is applied in place (no request), and the lists are read again once at most every
 * {@link RECONCILE_MS} after changes arrived, for what the live events do not carry — so a burst of a
 * thousand alerts costs one request, not a thousand.
 */
export function useLiveAlertList(): void {
  const dispatch = useLibDispatch();
  useEffect(() => {
    let reconcile: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = dispatch(
      addListener({
        actionCreator: liveAlertsReceived,
        effect: (action, api) => {
          const state = api.getState() as Parameters<typeof riskApi.util.selectCachedArgsForQuery>[0];
          for (const args of riskApi.util.selectCachedArgsForQuery(state, 'alertList'))
            // The patch thunk is typed on the API's root state, which a lib-typed dispatch does not name.
            api.dispatch(
              riskApi.util.updateQueryData('alertList', args, (page) =>
                applyAlertChanges(page, args, action.payload),
              ) as unknown as UnknownAction,
            );
          reconcile ??= setTimeout(() => {
            reconcile = undefined;
            dispatch(riskApi.util.invalidateTags(['Alerts']));
          }, RECONCILE_MS);
        },
      }),
    ) as unknown as () => void;
    return () => {
      unsubscribe();
      clearTimeout(reconcile);
    };
  }, [dispatch]);
}
