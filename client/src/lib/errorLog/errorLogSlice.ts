import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** An uncaught error, as the error-log dialog lists it (spec section 2). */
export interface ErrorLogEntry {
  message: string;
  /** Where it came from: "window.onerror", "unhandledrejection", or a React component stack. */
  info: string;
  url: string;
  stack: string;
  time: number;
}

const MAX_ENTRIES = 200;

export const errorLogSlice = createSlice({
  name: 'errorLog',
  initialState: { logs: [] as ErrorLogEntry[] },
  reducers: {
    errorLogged(state, action: PayloadAction<ErrorLogEntry>) {
      state.logs.push(action.payload);
      if (state.logs.length > MAX_ENTRIES) state.logs.splice(0, state.logs.length - MAX_ENTRIES);
    },
    errorLogCleared(state) {
      state.logs = [];
    },
  },
  selectors: {
    selectErrorLogs: (state) => state.logs,
  },
});

export const { errorLogged, errorLogCleared } = errorLogSlice.actions;
export const { selectErrorLogs } = errorLogSlice.selectors;

/** An entry from anything thrown. */
export function toErrorLogEntry(error: unknown, info: string, url = window.location.href): ErrorLogEntry {
  const err = error instanceof Error ? error : undefined;
  return {
    message: err?.message ?? (typeof error === 'string' ? error : safeString(error)),
    info,
    url,
    stack: err?.stack ?? '',
    time: Date.now(),
  };
}

function safeString(value: unknown): string {
  try {
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  } catch {
    return String(value);
  }
}
