import type { Dispatch } from '@reduxjs/toolkit';
import { errorLogged, toErrorLogEntry } from './errorLogSlice';

/**
 * Collects uncaught errors and unhandled promise rejections into the error log. React render errors reach
 * it through the error boundaries. Returns the function that stops collecting.
 */
export function installGlobalErrorCapture(dispatch: Dispatch, target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    // Resource load failures (a broken <img>) are not program errors.
    if (!event.error && !event.message) return;
    dispatch(errorLogged(toErrorLogEntry(event.error ?? event.message, 'window.onerror')));
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    dispatch(errorLogged(toErrorLogEntry(event.reason, 'unhandledrejection')));
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
