/**
 * The re-login prompt of an expired session (spec sections 4 and 8). However many requests fail with a
 * re-login code at once, the prompt opens once; it is shown by `ReloginAlert`, mounted at the app root.
 */
type Listener = () => void;

let open = false;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Opens the prompt unless it is already open. */
export function requestRelogin(): void {
  if (open) return;
  open = true;
  emit();
}

/** Closes the prompt (cancel leaves the page as it is). */
export function dismissRelogin(): void {
  if (!open) return;
  open = false;
  emit();
}

export function isReloginOpen(): boolean {
  return open;
}

/** For `useSyncExternalStore`. */
export function subscribeRelogin(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
