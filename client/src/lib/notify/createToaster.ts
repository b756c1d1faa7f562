import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/** The app's toaster (loaded with the first toast, so the overlay code is not on the login page). */
export function createToaster(): Promise<Toaster> {
  return OverlayToaster.create({ position: Position.TOP, maxToasts: 4, className: 'dms-toaster' });
}
