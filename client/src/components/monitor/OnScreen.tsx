import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children only while they are on screen (or within `MARGIN` of it). Off screen it keeps their
 * last height, so the grid around it does not move, and renders nothing: a wall of 150 live tables
 * re-renders the dozen it shows on each batch, not all of them. Where the browser cannot tell
 * (no `IntersectionObserver`), everything is on screen.
 */
export function OnScreen({ children }: { children: ReactNode }) {
  const [seen, setSeen] = useState<{ on: boolean; height: number }>({ on: true, height: 0 });
  const node = useRef<HTMLDivElement | null>(null);
  const onChange = useCallback((on: boolean, height: number) => {
    // The height is only needed while off screen: kept from the moment the children were last shown.
    setSeen((s) => (s.on === on ? s : { on, height: on ? s.height : height }));
  }, []);
  useLayoutEffect(() => {
    const el = node.current;
    if (!el || typeof IntersectionObserver === 'undefined') return undefined;
    return watch(el, onChange);
  }, [onChange]);
  return (
    <div
      ref={node}
      className="dms-mon__slot"
      data-on-screen={seen.on ? 'yes' : 'no'}
      style={seen.on ? undefined : { height: seen.height }}
    >
      {seen.on ? children : null}
    </div>
  );
}

/** How far off screen a slot still renders, so that a scroll shows cards already drawn. */
const MARGIN = '300px';

type Listener = (on: boolean, height: number) => void;

/** One observer for every slot on the page (one per slot costs a callback task each). */
let observer: IntersectionObserver | undefined;
const listeners = new Map<Element, Listener>();

function watch(el: Element, listener: Listener): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) listeners.get(e.target)?.(e.isIntersecting, e.boundingClientRect.height);
    },
    { rootMargin: MARGIN },
  );
  listeners.set(el, listener);
  observer.observe(el);
  return () => {
    listeners.delete(el);
    observer?.unobserve(el);
  };
}
