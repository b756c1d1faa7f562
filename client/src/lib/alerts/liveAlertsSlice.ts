import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AlertChanged, LiveAlert } from '@dms/shared/contracts/live/events';
import { PERM } from '@dms/shared/permissions/codes';
import { liveAccessChanged } from '@/lib/live/liveActions';
import { sessionEnded } from '@/lib/session/events';

/** The alert events the slice is fed with. */
export type AlertEventName = 'alert:raised' | 'alert:acknowledged' | 'alert:resolved';

/** One alert change as received (live or replayed). */
export interface AlertChange {
  event: AlertEventName;
  payload: AlertChanged;
}

/** An alert as last seen live, with the providers it concerns and the `seq` of that change. */
export interface LiveAlertEntry {
  alert: LiveAlert;
  providers: number[];
  seq: number;
}

export interface LiveAlertsState {
  /** Alerts seen live on this session, by id (the newest {@link KEEP_ALERTS}). */
  byId: Record<number, LiveAlertEntry>;
  /** Ids, the most recently changed first. */
  ids: number[];
  /** Open alerts within the account's access (REST count kept live); null before the first count. */
  openCount: number | null;
  /** A change's effect on the count is unknown (an alert not seen before changed): count again. */
  countStale: boolean;
  /** Alert changes received so far: a count read while changes arrived is read again. */
  changes: number;
  /** Raised alerts to announce (toast, sound), oldest first; the shell drains it. */
  toasts: LiveAlertEntry[];
}

const KEEP_ALERTS = 500;
/** Raised alerts waiting for a toast: a long absence replays many, the newest are announced. */
const KEEP_TOASTS = 20;

const initialState = (): LiveAlertsState => ({
  byId: {},
  ids: [],
  openCount: null,
  countStale: false,
  changes: 0,
  toasts: [],
});

/** The alert centre's route (codes 3000 or 8000). */
export const ALERT_CENTRE_PATH = '/risk/alerts';

/** Whether an account with these codes sees alerts (the alert centre's codes: 3000 or 8000). */
export function seesAlerts(roles: readonly string[]): boolean {
  return roles.includes(PERM.BACCARAT_MONITOR) || roles.includes(PERM.RISK_DATA);
}

const isOpen = (state: LiveAlert['state'] | undefined) => (state === 'open' ? 1 : 0);

function forget(state: LiveAlertsState, keep: (entry: LiveAlertEntry) => boolean): void {
  let dropped = false;
  for (const id of state.ids) {
    const entry = state.byId[id];
    if (entry && !keep(entry)) {
      delete state.byId[id];
      dropped = true;
    }
  }
  if (!dropped) return;
  state.ids = state.ids.filter((id) => id in state.byId);
  state.toasts = state.toasts.filter(keep);
  // What was dropped may have been counted: the count is read again.
  state.countStale = true;
}

export const liveAlertsSlice = createSlice({
  name: 'liveAlerts',
  initialState,
  reducers: {
    /** One batch of alert changes (the stream is buffered: one action per batch, not per alert). */
    liveAlertsReceived(state, action: PayloadAction<AlertChange[]>) {
      for (const { event, payload } of action.payload) {
        state.changes += 1;
        const { alert, seq, providers } = payload;
        const previous = state.byId[alert.id];
        if (previous && previous.seq >= seq) continue;
        if (state.openCount !== null) {
          if (previous || event === 'alert:raised') {
            const delta = isOpen(alert.state) - isOpen(previous?.alert.state);
            state.openCount = Math.max(0, state.openCount + delta);
          } else state.countStale = true;
        }
        const entry: LiveAlertEntry = { alert, providers, seq };
        state.byId[alert.id] = entry;
        state.ids = [alert.id, ...state.ids.filter((id) => id !== alert.id)];
        if (event === 'alert:raised') state.toasts.push(entry);
      }
      if (state.toasts.length > KEEP_TOASTS) state.toasts = state.toasts.slice(-KEEP_TOASTS);
      for (const id of state.ids.slice(KEEP_ALERTS)) delete state.byId[id];
      if (state.ids.length > KEEP_ALERTS) state.ids = state.ids.slice(0, KEEP_ALERTS);
    },
    /** The open count read from the API; `changesAtStart` is {@link LiveAlertsState.changes} when it was asked. */
    openAlertCountLoaded(state, action: PayloadAction<{ count: number; changesAtStart: number }>) {
      state.openCount = action.payload.count;
      // Changes that arrived while the count was read may or may not be in it: read it again.
      state.countStale = state.changes !== action.payload.changesAtStart;
    },
    /** The list and count must be read again (a reconnect could not replay what was missed). */
    liveAlertsResyncNeeded(state) {
      state.countStale = true;
    },
    /** These raised alerts were announced. */
    alertToastsShown(state, action: PayloadAction<number[]>) {
      const shown = new Set(action.payload);
      state.toasts = state.toasts.filter((entry) => !shown.has(entry.alert.id));
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState());
    builder.addCase(liveAccessChanged, (state, action) => {
      const { roles, providerIds, lostScreens, lostProviders } = action.payload;
      if (!seesAlerts(roles)) return initialState();
      const lost = new Set(lostProviders);
      const keepOther = roles.includes(PERM.RISK_DATA);
      const scope = new Set(providerIds);
      forget(
        state,
        (entry) =>
          (keepOther || entry.alert.kind === 'crossbet') &&
          entry.providers.some((p) => scope.has(p) && !lost.has(p)),
      );
      if (lostScreens.length > 0 || lostProviders.length > 0) state.countStale = true;
      return undefined;
    });
  },
  selectors: {
    selectOpenAlertCount: (state) => state.openCount,
    selectAlertCountStale: (state) => state.countStale,
    selectAlertChanges: (state) => state.changes,
    selectPendingAlertToasts: (state) => state.toasts,
    selectLiveAlertIds: (state) => state.ids,
    selectLiveAlertsById: (state) => state.byId,
  },
});

export const { liveAlertsReceived, openAlertCountLoaded, liveAlertsResyncNeeded, alertToastsShown } =
  liveAlertsSlice.actions;
export const {
  selectOpenAlertCount,
  selectAlertCountStale,
  selectAlertChanges,
  selectPendingAlertToasts,
  selectLiveAlertIds,
  selectLiveAlertsById,
} = liveAlertsSlice.selectors;

/** The alerts seen live on this session, the most recently changed first. */
export const selectLiveAlerts = createSelector([selectLiveAlertIds, selectLiveAlertsById], (ids, byId) =>
  ids.flatMap((id) => {
    const entry = byId[id];
    return entry ? [entry] : [];
  }),
);

/** The open alerts among those seen live, the most recently changed first. */
export const selectLiveOpenAlerts = createSelector([selectLiveAlerts], (entries) =>
  entries.filter((e) => e.alert.state === 'open'),
);
