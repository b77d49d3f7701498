import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { walletsApi } from '../../../domain/contract/wallets.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { appStore } from '../session/app-store.ts';
import { accessTokenAtom } from '../session/session-atoms.ts';
import { primeEndpoint } from './primed-answers.ts';
import { useEndpoint } from './use-endpoint.ts';

const BALANCES = 'GET /api/main/api/v1/wallets/balances';

function Balance() {
  const balances = useEndpoint(walletsApi.walletBalances, {});
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
    primeEndpoint(walletsApi.walletBalances, {});
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
    primeEndpoint(walletsApi.walletBalances, {});
    await act(async () => undefined);
    appStore.set(accessTokenAtom, 'tok_next_customer');
    render(<Balance />);
    expect(await screen.findByText('GBP 99.00')).toBeTruthy();
    expect(screen.queryByText('GBP 10.00')).toBeNull();
    expect(asked(api)).toBe(2);
  });
});
