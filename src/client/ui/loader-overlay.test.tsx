import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LoaderOverlay, RevealTogether, useHoldReveal } from './loader-overlay.tsx';

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

let finish: Record<string, () => void> = {};

function Part({ name }: { name: string }) {
  const [loading, setLoading] = useState(true);
  finish[name] = () => setLoading(false);
  useHoldReveal(loading);
  return <p>{loading ? `${name} loading` : `${name} loaded`}</p>;
}

/** on screen: not inside a hidden element */
const shown = (text: string) => screen.getByText(text).closest('[hidden]') === null;

const settle = (name: string) => act(async () => finish[name]?.());

describe('parts revealed together', () => {
  it('shows the loader until every part has loaded, then every part at once, and keeps them shown', async () => {
    finish = {};
    render(
      <RevealTogether loading={<p>Loading…</p>}>
        <Part name="wallets" />
        <Part name="cards" />
      </RevealTogether>,
    );
    expect(shown('Loading…')).toBe(true);
    expect(shown('wallets loading')).toBe(false);
    await settle('wallets');
    expect(shown('Loading…')).toBe(true);
    expect(shown('wallets loaded')).toBe(false);
    await settle('cards');
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(shown('wallets loaded')).toBe(true);
    expect(shown('cards loaded')).toBe(true);
  });

  it('waits for its parent too, and shows at once what holds nothing', async () => {
    const { rerender } = render(
      <RevealTogether waiting loading={<p>Loading…</p>}>
        <p>Summary</p>
      </RevealTogether>,
    );
    expect(shown('Summary')).toBe(false);
    rerender(
      <RevealTogether loading={<p>Loading…</p>}>
        <p>Summary</p>
      </RevealTogether>,
    );
    await act(async () => undefined);
    expect(shown('Summary')).toBe(true);
  });
});
