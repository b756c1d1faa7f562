import { createAction } from '@reduxjs/toolkit';

/**
 * The session ended (logout, a failed user-info load, or a token reset). Slices that keep per-session
 * state (visited tags, live data) reset on it; lib/live stops its socket.
 */
export const sessionEnded = createAction('session/sessionEnded');
