import { Icons } from '@blueprintjs/icons';
import { loadIconPaths } from 'virtual:blueprint-icon-loader';

/**
 * Makes Blueprint fetch icon paths on demand from small per-letter chunks (see
 * client/vite/blueprintIconBuckets.ts) instead of one 100 kB chunk per size. Called once by main.tsx; the
 * virtual module exists only in Vite builds, so tests never import this file.
 */
export function installIconLoader(): void {
  Icons.setLoaderOptions({ loader: (name, size) => loadIconPaths(name, size) });
}
