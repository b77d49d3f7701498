import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SignedOutModal } from './signed-out-modal.tsx';

/** The session ending as the page renders: `expireSession` leaves its reason after the modal has read none. */
function SessionEndsNow() {
  localStorage.setItem('unauthorized', 'expired');
  return null;
}

describe('the signed-out notice', () => {
  afterEach(() => localStorage.clear());

  it('leaves a reason stored after it read none, for the page the session’s end loads next', () => {
    render(
      <>
        <SignedOutModal />
        <SessionEndsNow />
      </>,
    );
    expect(localStorage.getItem('unauthorized')).toBe('expired');
  });
});
