import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setViewportWidth, viewportListeners } from '../testing/viewport.ts';
import { useMediaQuery } from './media-query.ts';

function Probe() {
  return <p>{useMediaQuery('(min-width: 80rem)') ? 'wide' : 'narrow'}</p>;
}

describe('useMediaQuery', () => {
  it('answers for the viewport at the first render and follows it as it changes', () => {
    setViewportWidth(390);
    const { unmount } = render(<Probe />);
    expect(screen.getByText('narrow')).toBeTruthy();
    act(() => setViewportWidth(1440));
    expect(screen.getByText('wide')).toBeTruthy();
    act(() => setViewportWidth(1279));
    expect(screen.getByText('narrow')).toBeTruthy();
    unmount();
    expect(viewportListeners()).toBe(0);
  });

  it('starts wide on a viewport as wide as the query asks', () => {
    setViewportWidth(1280);
    render(<Probe />);
    expect(screen.getByText('wide')).toBeTruthy();
  });
});
