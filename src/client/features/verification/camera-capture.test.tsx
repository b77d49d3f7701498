import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n } from '../../lib/i18n.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { CameraCapture } from './camera-capture.tsx';

// Onfido's Web SDK: its loader would fetch the SDK from Onfido; here it records how it was started
const sdk = vi.hoisted(() => ({
  init: vi.fn(),
  tearDown: vi.fn(async () => {}),
}));
vi.mock('onfido-sdk-ui', () => ({
  Onfido: {
    init: (parameters: unknown) => {
      sdk.init(parameters);
      return { tearDown: sdk.tearDown, addEventListener: vi.fn(), removeEventListener: vi.fn() };
    },
  },
}));

const STARTED = {
  capture_reference: 'onf_5d2b',
  redirect_url: '/verifying-in-progress?capture=onf_5d2b',
  sdk: { provider: 'onfido', token: 'sdk.token.for.applicant' },
};

async function renderCapture() {
  await activateLocale('en-GB');
  return render(
    <I18nProvider i18n={i18n}>
      <Provider store={appStore}>
        <CameraCapture country="GB" />
      </Provider>
    </I18nProvider>,
  );
}

describe('the camera check with Onfido’s Web SDK (IDENTITY_CAPTURE=onfido)', () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    sdk.init.mockClear();
    sdk.tearDown.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts the SDK in place with the token, for the chosen document and a selfie, then goes to the wait screen', async () => {
    const api = fakeApi({ 'POST /api/main/user/ekyc': reply(201, { data: STARTED }) });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await renderCapture();
    fireEvent.change(screen.getByLabelText('Which document will you show?'), { target: { value: 'DriversLicense' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify with your camera' }));
    await waitFor(() => expect(sdk.init).toHaveBeenCalledTimes(1));
    expect(api.to('POST /api/main/user/ekyc').map((r) => r.body)).toEqual([{ document_type: 'DriversLicense' }]);
    const parameters = sdk.init.mock.calls[0]?.[0];
    expect(parameters).toMatchObject({
      token: 'sdk.token.for.applicant',
      language: 'en_US',
      steps: [{ type: 'document', options: { documentTypes: { driving_licence: true } } }, 'face'],
    });
    expect(parameters.containerEl).toBe(screen.getByTestId('onfido-capture'));
    expect(assign).not.toHaveBeenCalled();
    parameters.onComplete({});
    expect(assign).toHaveBeenCalledWith('/verifying-in-progress?capture=onf_5d2b');
  });

  it('goes back to the form with a reason when the SDK fails, and tears it down', async () => {
    fakeApi({ 'POST /api/main/user/ekyc': reply(201, { data: STARTED }) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderCapture();
    fireEvent.click(screen.getByRole('button', { name: 'Verify with your camera' }));
    await waitFor(() => expect(sdk.init).toHaveBeenCalledTimes(1));
    sdk.init.mock.calls[0]?.[0].onError({ type: 'exception', message: 'camera refused' });
    await screen.findByText('The camera check could not open. Try again, or upload photos of your document instead.');
    expect(screen.getByRole('button', { name: 'Verify with your camera' })).toBeTruthy();
    await waitFor(() => expect(sdk.tearDown).toHaveBeenCalled());
  });

  it('closes a capture not finished within 5 minutes and shows the form again with the reason', async () => {
    fakeApi({ 'POST /api/main/user/ekyc': reply(201, { data: STARTED }) });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await renderCapture();
      fireEvent.click(screen.getByRole('button', { name: 'Verify with your camera' }));
      await vi.waitFor(() => expect(sdk.init).toHaveBeenCalledTimes(1));
      await act(() => vi.advanceTimersByTimeAsync(299_000));
      expect(screen.queryByRole('button', { name: 'Verify with your camera' })).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1_000));
    } finally {
      vi.useRealTimers();
    }
    await screen.findByText(
      'The camera check was not finished within 5 minutes, so it was closed. Try again, or upload photos of your document instead.',
    );
    expect(screen.getByRole('button', { name: 'Verify with your camera' })).toBeTruthy();
    await waitFor(() => expect(sdk.tearDown).toHaveBeenCalled());
  });

  it('goes to the provider’s page as before when the answer names no SDK', async () => {
    const { sdk: _none, ...withoutSdk } = STARTED;
    fakeApi({
      'POST /api/main/user/ekyc': reply(201, { data: { ...withoutSdk, redirect_url: '/sandbox/identity/cap_1/' } }),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await renderCapture();
    fireEvent.click(screen.getByRole('button', { name: 'Verify with your camera' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/identity/cap_1/'));
    expect(sdk.init).not.toHaveBeenCalled();
  });
});
