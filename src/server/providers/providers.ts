/**
 * Every external provider Sarraf talks to, as an interface. Sandbox adapters
 * implement them here; a production adapter is one new file per provider.
 */
// biome-ignore lint/complexity/noBannedTypes: filled in as providers arrive
export type Providers = {};
