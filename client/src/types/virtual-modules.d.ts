/** Served by client/vite/blueprintIconBuckets.ts. */
declare module 'virtual:blueprint-icon-loader' {
  /** The SVG paths of a Blueprint icon at 16 or 20 px, from its on-demand bucket chunk. */
  export function loadIconPaths(name: string, size: number): Promise<string[]>;
}
