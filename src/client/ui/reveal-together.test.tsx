import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RevealTogether, useHoldReveal } from './reveal-together.tsx';

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
