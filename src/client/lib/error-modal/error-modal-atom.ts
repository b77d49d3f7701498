import { atom } from 'jotai';
import type { ApiFailure } from '../api/api-failure.ts';
import { type AppStore, appStore } from '../session/app-store.ts';

/** The generic error modal (SPEC §8): open while this holds the failure's error code. */
export const errorModalAtom = atom<{ errorCode: string | null } | null>(null);

/** Show the generic "Something went wrong" modal for a failure no screen handles itself. */
export function showErrorModal(failure: Pick<ApiFailure, 'requestId'> | null, store: AppStore = appStore): void {
  store.set(errorModalAtom, { errorCode: failure?.requestId ?? null });
}
