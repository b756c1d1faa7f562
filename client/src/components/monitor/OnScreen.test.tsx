import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OnScreen } from './OnScreen';

/** A stand-in for the browser's observer: the test says which slots are on screen. */
class FakeObserver {
  static last: FakeObserver | undefined;
  readonly targets = new Set<Element>();
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {
    this.targets.clear();
  }
  show(el: Element, on: boolean, height: number) {
    const entry = {
      target: el,
      isIntersecting: on,
      boundingClientRect: { height },
    } as IntersectionObserverEntry;
    act(() => this.callback([entry], this as unknown as IntersectionObserver));
  }
}

describe('OnScreen', () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeObserver));
  afterEach(() => vi.unstubAllGlobals());

  it('renders its children on screen, keeps their height and renders nothing off screen', () => {
    const renders = vi.fn();
    function Card() {
      renders();
      return <p>table T1</p>;
    }
    const { container, unmount } = render(
      <OnScreen>
        <Card />
      </OnScreen>,
    );
    const slot = container.querySelector('.dms-mon__slot') as HTMLElement;
    expect(screen.getByText('table T1')).toBeTruthy();
    const observer = FakeObserver.last as FakeObserver;
    expect(observer.targets.has(slot)).toBe(true);

    observer.show(slot, false, 212);
    expect(screen.queryByText('table T1')).toBeNull();
    expect(slot.style.height).toBe('212px');
    expect(slot.dataset.onScreen).toBe('no');

    // Off screen again (a second report) changes nothing and renders nothing.
    const before = renders.mock.calls.length;
    observer.show(slot, false, 0);
    expect(slot.style.height).toBe('212px');
    expect(renders.mock.calls.length).toBe(before);

    observer.show(slot, true, 212);
    expect(screen.getByText('table T1')).toBeTruthy();
    expect(slot.style.height).toBe('');

    unmount();
    expect(observer.targets.size).toBe(0);
  });

  it('shows everything where the browser cannot tell what is on screen', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <OnScreen>
        <p>table T2</p>
      </OnScreen>,
    );
    expect(screen.getByText('table T2')).toBeTruthy();
  });
});
