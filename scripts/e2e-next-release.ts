/**
 * The releases after this one, for the update specs (e2e/app-update.spec.ts): the same source built again as the
 * next major and the next minor version (RELEASE_VERSION and RELEASE_UPDATE, vite.config.ts), so a page of this
 * build can be handed over to a real next build, with its own chunks, worker and precache.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export type UpdateKind = 'major' | 'minor';

export interface NextRelease {
  version: string;
  /** The built client (what `vite build` writes), beside dist/. */
  dir: string;
}

function currentVersion(): [number, number] {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return [major, minor];
}

export function nextRelease(update: UpdateKind): NextRelease {
  const [major, minor] = currentVersion();
  const version = update === 'major' ? `${major + 1}.0.0` : `${major}.${minor + 1}.0`;
  return { version, dir: `dist-next/${update}` };
}

/** Builds both next releases (about 6 s each); with `reuse`, keeps one already built for its version. */
export function buildNextReleases({ reuse }: { reuse: boolean }): void {
  for (const update of ['major', 'minor'] as const) {
    const { version, dir } = nextRelease(update);
    const built = existsSync(`${dir}/version.json`) && readFileSync(`${dir}/version.json`, 'utf8').includes(version);
    if (reuse && built) continue;
    const result = spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, RELEASE_VERSION: version, RELEASE_UPDATE: update },
    });
    if (result.status !== 0) throw new Error(`building the next ${update} release failed`);
  }
}
