import type { Toaster, ToastProps } from '@blueprintjs/core';

let toaster: Promise<Toaster> | undefined;

function getToaster(): Promise<Toaster> {
  toaster ??= import('./createToaster').then((m) => m.createToaster());
  return toaster;
}

/** Shows a toast; returns its key. */
export function showToast(props: ToastProps, key?: string): Promise<string> {
  return getToaster().then((t) => t.show(props, key));
}

/** An error message, shown for 5 seconds (spec section 8). */
export function showError(message: string, key?: string): Promise<string> {
  return showToast({ message, intent: 'danger', icon: 'error', timeout: 5000 }, key);
}

export function showSuccess(message: string): Promise<string> {
  return showToast({ message, intent: 'success', icon: 'tick-circle', timeout: 3000 });
}

export function showWarning(message: string): Promise<string> {
  return showToast({ message, intent: 'warning', icon: 'warning-sign', timeout: 4000 });
}

/** Removes every toast (tests and logout). */
export function clearToasts(): void {
  void toaster?.then((t) => t.clear());
}
