import { type ClientFeatures, clientFeatures } from '../../domain/contract/client-providers.ts';
import { DEFAULT_FEATURE_FLAGS } from '../../domain/feature-flags.ts';
import { useClientProviders } from './client-providers.ts';

/** SPEC §9's values: what the page does until the server has said how this deployment is configured. */
const SPEC_FEATURES = clientFeatures(DEFAULT_FEATURE_FLAGS);

/**
 * The deployment's configuration flags the browser acts on (`GET client-providers`' `features`); `wanted` false
 * asks nothing of the server (the component shows nothing a flag governs) and reads what is known already.
 */
export function useClientFeatures(wanted = true): ClientFeatures {
  return useClientProviders(wanted)?.features ?? SPEC_FEATURES;
}
