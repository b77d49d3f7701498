import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

interface Probe {
  /** where the probe stands (the rules go by where a file stands) */
  path: string;
  /** what it imports */
  from: string;
}

/**
 * Lints every probe in one run of the linter (each probe a file put at its
 * path for the moment) and answers, for each, whether the import rules
 * refused it.
 */
function lintProbes(probes: Probe[]): Map<Probe, boolean> {
  const files = probes.map((probe) =>
    resolve(probe.path.replace(/probe\.ts$/, `zz-probe-${randomBytes(4).toString('hex')}.ts`)),
  );
  for (const [i, probe] of probes.entries()) writeFileSync(files[i] as string, importing(probe.from));
  try {
    const run = spawnSync('node_modules/.bin/biome', ['lint', '--reporter=github', ...files], { encoding: 'utf8' });
    const output = `${run.stdout}${run.stderr}`;
    const errors = output.split('\n').filter((line) => line.startsWith('::error'));
    const other = errors.filter((line) => !line.includes('noRestrictedImports'));
    if (other.length > 0 || (run.status !== 0 && errors.length === 0)) throw new Error(output);
    return new Map(probes.map((probe, i) => [probe, errors.some((line) => line.includes(`file=${files[i]},`))]));
  } finally {
    for (const file of files) rmSync(file, { force: true });
  }
}

const importing = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;

const REFUSED: [string, string, string][] = [
  ['a feature importing another feature', 'src/client/features/home/probe.ts', '../transfers/use-transfers.ts'],
  [
    'one account feature importing another (sign-in and bank ID meet only in the route)',
    'src/client/features/sign-in/probe.ts',
    '../bank-id/bank-id-sign-in.tsx',
  ],
  [
    'lib importing an account feature',
    'src/client/lib/forms/probe.ts',
    '../../features/registration/registration-atoms.ts',
  ],
  [
    'send-money importing a feature outside its flow',
    'src/client/features/send-money/probe.ts',
    '../home/home-screen.tsx',
  ],
  ['lib importing a feature', 'src/client/lib/probe.ts', '../features/home/home-screen.tsx'],
  ['ui importing a layout', 'src/client/ui/probe.ts', '../layouts/default-layout.tsx'],
  ['the client importing the server', 'src/client/features/home/probe.ts', '../../../server/app.ts'],
  ['the domain importing the client', 'src/domain/probe.ts', '../client/lib/api/client.ts'],
  ['the service worker importing the client', 'sw/probe.ts', '../src/client/lib/api/client.ts'],
  ['the shared server floor importing a module', 'src/server/customers/probe.ts', '../modules/user/user-view.ts'],
  [
    'the shared server floor importing the list of modules',
    'src/server/one-time-codes/probe.ts',
    '../modules/areas.ts',
  ],
];

const ALLOWED: [string, string, string][] = [
  ['a feature importing lib and ui', 'src/client/features/home/probe.ts', '../../lib/api/client.ts'],
  ['a feature importing its own files', 'src/client/features/home/probe.ts', './yearly-limit.ts'],
  ['send-money composing payment', 'src/client/features/send-money/probe.ts', '../payment/pay-screen.tsx'],
  [
    'send-money composing beneficiaries',
    'src/client/features/send-money/probe.ts',
    '../beneficiaries/beneficiary-form.tsx',
  ],
  ['a layout importing a feature', 'src/client/layouts/probe.ts', '../features/notifications/notifications-bell.tsx'],
  ['a module importing the shared server floor', 'src/server/modules/user/probe.ts', '../../customers/customers.ts'],
  ['the shared server floor importing the database', 'src/server/yearly-usage/probe.ts', '../db/connection.ts'],
];

describe('import boundaries (npm run lint)', () => {
  const probes = new Map([...REFUSED, ...ALLOWED].map(([what, path, from]) => [what, { path, from }]));
  let refused: Map<Probe, boolean>;
  beforeAll(() => {
    refused = lintProbes([...probes.values()]);
  });
  const refuses = (what: string) => refused.get(probes.get(what) as Probe);

  it.each(REFUSED)('refuses %s', (what) => {
    expect(refuses(what)).toBe(true);
  });

  it.each(ALLOWED)('allows %s', (what) => {
    expect(refuses(what)).toBe(false);
  });
});
