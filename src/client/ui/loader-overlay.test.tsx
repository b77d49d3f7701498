import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoaderOverlay } from './loader-overlay.tsx';

function renderLoader(type?: 'default' | 'text' | 'circle') {
  const { container } = render(<LoaderOverlay type={type}>Loading your transfers…</LoaderOverlay>);
  const status = screen.getByRole('status');
  const loader = container.firstElementChild as HTMLElement;
  return { status, loader, indicator: loader.querySelector('[aria-hidden="true"]') };
}

describe('the loader overlay', () => {
  it('default: a bar, the wait announced politely but its words only for screen readers', () => {
    const { status, loader, indicator } = renderLoader();
    expect(loader.dataset.type).toBe('default');
    expect(status.textContent).toBe('Loading your transfers…');
    expect(status.className).toBe('visually-hidden');
    expect(indicator).not.toBeNull();
  });

  it('text: a ring with the words shown, and the same polite status', () => {
    const { status, loader, indicator } = renderLoader('text');
    expect(loader.dataset.type).toBe('text');
    expect(status.textContent).toBe('Loading your transfers…');
    expect(status.className).not.toContain('visually-hidden');
    expect(indicator).not.toBeNull();
  });

  it('circle: a ring alone for a small area, its words for screen readers', () => {
    const { status, loader, indicator } = renderLoader('circle');
    expect(loader.dataset.type).toBe('circle');
    expect(status.textContent).toBe('Loading your transfers…');
    expect(status.className).toBe('visually-hidden');
    // the moving part is decoration: nothing in it is read out
    expect(indicator?.textContent).toBe('');
  });
});
