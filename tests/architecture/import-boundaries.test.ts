import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Lint a probe file put at `path` for the moment (the rules go by where a
 * file stands); true when the import rules refuse it.
 */
function refused(path: string, source: string): boolean {
  const file = path.replace(/probe\.ts$/, `zz-probe-${randomBytes(4).toString('hex')}.ts`);
  writeFileSync(file, source);
  try {
    const run = spawnSync('npx', ['biome', 'lint', file], { encoding: 'utf8' });
    const output = `${run.stdout}${run.stderr}`;
    if (run.status !== 0 && !output.includes('noRestrictedImports')) throw new Error(output);
    return output.includes('noRestrictedImports');
  } finally {
    rmSync(file, { force: true });
  }
}

const importing = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;

describe('import boundaries (npm run lint)', () => {
  it.each([
    ['a feature importing another feature', 'src/client/features/home/probe.ts', '../transfers/use-transfers.ts'],
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
  ])('refuses %s', (_, path, from) => {
    expect(refused(path, importing(from))).toBe(true);
  });

  it.each([
    ['a feature importing lib and ui', 'src/client/features/home/probe.ts', '../../lib/api/client.ts'],
    ['a feature importing its own files', 'src/client/features/home/probe.ts', './yearly-limit.ts'],
    ['send-money composing payment', 'src/client/features/send-money/probe.ts', '../payment/pay-screen.tsx'],
    [
      'send-money composing beneficiaries',
      'src/client/features/send-money/probe.ts',
      '../beneficiaries/beneficiary-form.tsx',
    ],
    ['a layout importing a feature', 'src/client/layouts/probe.ts', '../features/notifications/notifications-bell.tsx'],
  ])('allows %s', (_, path, from) => {
    expect(refused(path, importing(from))).toBe(false);
  });
});
