/**
 * What makes a provider call safe to repeat: a call under a key the provider
 * has already seen is that call again, answered as the first time and carried
 * out once. Outbox handlers pass `outbox:<event id>`, so a handler run again
 * after a crash repeats nothing at the provider.
 */
export interface ProviderCall {
  idempotencyKey: string;
}
