import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    const { rerender, unmount } = render(<Probe />);
    expect(screen.getByText('narrow')).toBeTruthy();
    act(() => setViewportWidth(1440));
    expect(screen.getByText('wide')).toBeTruthy();
    act(() => setViewportWidth(1279));
    expect(screen.getByText('narrow')).toBeTruthy();
    // a render for another reason leaves one listener, not one more
    rerender(<Probe label="!" />);
    expect(screen.getByText('narrow!')).toBeTruthy();
    expect(viewportListeners()).toBe(1);
    unmount();
    expect(viewportListeners()).toBe(0);
  });

  it('starts wide on a viewport as wide as the query asks', () => {
    setViewportWidth(1280);
    render(<Probe />);
    expect(screen.getByText('wide')).toBeTruthy();
  });
});
