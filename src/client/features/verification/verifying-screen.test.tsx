import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserData } from '../../../domain/contract/user.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN, userData } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';

const withStatus = (status: string): UserData => {
  const data = userData({ firstName: 'Amina' });
  return { ...data, user: { ...data.user, verification: { status } } };
};

describe('the wait screen back from the identity provider', () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for the capture’s result with each poll until it is received, then follows the status to verified', async () => {
    let status = 'RequestId';
    const api = fakeApi({
      'POST /api/main/user/ekyc/verify': [
        reply(200, { data: { capture: 'taking_photos', verification_status: 'RequestId' } }),
        (request) => {
          status = 'VerifyingId';
          return reply(200, { data: { capture: 'received', verification_status: status } })(request);
        },
      ],
      'POST /api/main/user/get': (request) => reply(200, { data: withStatus(status) })(request),
    });
    const verifyCalls = () => api.to('POST /api/main/user/ekyc/verify').map((request) => request.body);
    await renderApp('/verifying-in-progress?capture=cap_0b6e7a4c', { store: appStore });
    await screen.findByText(/can take up to 24 hours/);
    expect(verifyCalls()).toEqual([{ capture_reference: 'cap_0b6e7a4c' }]);
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(verifyCalls()).toHaveLength(2));
    // received: the polls go on for the status alone
    await vi.advanceTimersByTimeAsync(10_000);
    expect(verifyCalls()).toHaveLength(2);
    status = 'Pass';
    await vi.advanceTimersByTimeAsync(5_000);
    await screen.findByRole('heading', { level: 1, name: 'You are verified' });
  });
});
