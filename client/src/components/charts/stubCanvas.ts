import { onTestFinished } from 'vitest';

/**
 * For tests: jsdom has no canvas, so `getContext` answers null and ECharts' canvas renderer fails on its
 * first paint. This gives every canvas a 2D context that accepts any call and draws nothing (the browser
 * boundary, like the ResizeObserver stub of the test setup), and restores jsdom's after the test.
 */
export function stubCanvas(): void {
  const original = HTMLCanvasElement.prototype.getContext;
  const inert: unknown = new Proxy(function inertContext() {}, {
    get: (_target, key) =>
      key === 'width' || key === 'height' ? 0 : key === Symbol.toPrimitive ? () => 0 : inert,
    set: () => true,
    apply: () => inert,
  });
  HTMLCanvasElement.prototype.getContext = function getContext() {
    return inert;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext;
  onTestFinished(() => {
    HTMLCanvasElement.prototype.getContext = original;
  });
}
