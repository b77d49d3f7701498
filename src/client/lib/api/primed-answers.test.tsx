import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { balanceCalls } from '../../../domain/contract/wallets/balances.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { appStore } from '../session/app-store.ts';
import { accessTokenAtom } from '../session/session-atoms.ts';
import type { Answered } from './client.ts';
import { FIRST_ANSWERS_WAIT_MS, primeAnswer, primeEndpoint, screenAnswers } from './primed-answers.ts';
import { useEndpoint } from './use-endpoint.ts';

const BALANCES = 'GET /api/main/api/v1/wallets/balances';

function Balance() {
  const balances = useEndpoint(balanceCalls.walletBalances, {});
  return (
    <>
      <p>{balances.status === 'ready' ? `GBP ${balances.data.GBP}` : balances.status}</p>
      <button type="button" onClick={balances.reload}>
        Reload
      </button>
    </>
  );
}

const asked = (api: ReturnType<typeof fakeApi>) => api.sent.filter((r) => `${r.method} ${r.path}` === BALANCES).length;

describe('answers asked for as the page opens', () => {
  it('are the screen’s first answer, shown in its first render once come, then the screen asks the server itself', async () => {
    const api = fakeApi({
      [BALANCES]: [reply(200, { data: { GBP: '10.00' } }), reply(200, { data: { GBP: '25.00' } })],
    });
    primeEndpoint(balanceCalls.walletBalances, {});
    await act(async () => undefined);
    render(
      <>
        <Balance />
        <Balance />
      </>,
    );
    // both parts that load it show the answer at once, and the server was asked once
    expect(screen.getAllByText('GBP 10.00')).toHaveLength(2);
    await act(async () => undefined);
    expect(asked(api)).toBe(1);

    await act(async () => screen.getAllByRole('button', { name: 'Reload' })[0]?.click());
    expect(await screen.findByText('GBP 25.00')).toBeTruthy();
    expect(asked(api)).toBe(2);
  });

  it('are never another session’s: asked for before a sign-out, the next customer’s screen asks the server', async () => {
    const api = fakeApi({
      [BALANCES]: [reply(200, { data: { GBP: '10.00' } }), reply(200, { data: { GBP: '99.00' } })],
    });
    appStore.set(accessTokenAtom, 'tok_first_customer');
    primeEndpoint(balanceCalls.walletBalances, {});
    await act(async () => undefined);
    appStore.set(accessTokenAtom, 'tok_next_customer');
    render(<Balance />);
    expect(await screen.findByText('GBP 99.00')).toBeTruthy();
    expect(screen.queryByText('GBP 10.00')).toBeNull();
    expect(asked(api)).toBe(2);
  });
});

/** An answer the test gives (or refuses) when it wants. */
function pending() {
  let give!: () => void;
  let refuse!: () => void;
  const answer = new Promise<Answered<unknown>>((resolve, reject) => {
    give = () => resolve({ data: 'kept', cachedAt: null });
    refuse = () => reject(new TypeError('Failed to fetch'));
  });
  return { answer, give, refuse };
}

/** Whether `promise` has settled, once what is queued now has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe("a screen's askAnswers (what its route's loader waits for)", () => {
  afterEach(() => vi.useRealTimers());

  it('resolves once every answer it asked for has come, or failed', async () => {
    vi.useFakeTimers();
    const [first, second] = [pending(), pending()];
    const waited = screenAnswers(() => {
      primeAnswer('first answer', () => first.answer);
      primeAnswer('second answer', () => second.answer);
    })();
    expect(await settled(waited)).toBe(false);
    first.give();
    expect(await settled(waited)).toBe(false);
    second.refuse();
    expect(await settled(waited)).toBe(true);
  });

  it(`resolves after ${FIRST_ANSWERS_WAIT_MS} ms without its answers`, async () => {
    vi.useFakeTimers();
    const slow = pending();
    const waited = screenAnswers(() => primeAnswer('slow answer', () => slow.answer))();
    await vi.advanceTimersByTimeAsync(FIRST_ANSWERS_WAIT_MS - 1);
    expect(await settled(waited)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waited)).toBe(true);
  });

  it('waits as well for an answer asked for moments before, and only for what it asked', async () => {
    vi.useFakeTimers();
    const [earlier, other] = [pending(), pending()];
    primeAnswer('asked before', () => earlier.answer);
    primeAnswer('not this screen’s', () => other.answer);
    const waited = screenAnswers(() => primeAnswer('asked before', () => pending().answer))();
    expect(await settled(waited)).toBe(false);
    earlier.give();
    expect(await settled(waited)).toBe(true);
  });
});
