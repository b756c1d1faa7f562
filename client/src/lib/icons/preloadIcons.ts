import { Icons, IconSize, type IconName } from '@blueprintjs/icons';

/** Starts loading icons that are about to be shown, so they do not pop in one by one. */
export function preloadIcons(names: readonly IconName[], size: number = IconSize.STANDARD): Promise<void> {
  return Icons.load([...new Set(names)], size);
}
