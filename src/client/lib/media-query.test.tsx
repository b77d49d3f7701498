import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setViewportWidth, viewportListeners } from '../testing/viewport.ts';
import { mediaQueryHook } from './media-query.ts';

const useWide = mediaQueryHook('(min-width: 80rem)');

function Probe({ label }: { label?: string }) {
  return (
    <p>
      {useWide() ? 'wide' : 'narrow'}
      {label}
    </p>
  );
}

describe('mediaQueryHook', () => {
  it('answers for the viewport at the first render and follows it as it changes', () => {
    setViewportWidth(390);
    // each listener the hook attaches, counted: a hook that subscribed again on each render would attach one more
    let attached = 0;
    const matchMedia = window.matchMedia;
    const spy = vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
      const list = matchMedia(query);
      const add = list.addEventListener.bind(list);
      list.addEventListener = ((...args: Parameters<typeof add>) => {
        attached++;
        add(...args);
      }) as typeof list.addEventListener;
      return list;
    });
    const { rerender, unmount } = render(<Probe />);
    expect(screen.getByText('narrow')).toBeTruthy();
    act(() => setViewportWidth(1440));
    expect(screen.getByText('wide')).toBeTruthy();
    act(() => setViewportWidth(1279));
    expect(screen.getByText('narrow')).toBeTruthy();
    // a render for another reason keeps the one subscription: nothing removed and attached again
    rerender(<Probe label="!" />);
    expect(screen.getByText('narrow!')).toBeTruthy();
    expect(attached).toBe(1);
    expect(viewportListeners()).toBe(1);
    unmount();
    expect(viewportListeners()).toBe(0);
    spy.mockRestore();
  });

  it('starts wide on a viewport as wide as the query asks', () => {
    setViewportWidth(1280);
    render(<Probe />);
    expect(screen.getByText('wide')).toBeTruthy();
  });
});
