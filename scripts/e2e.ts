/**
 * `npm run test:e2e`: Playwright in real Chromium against the built app served
 * by the real server (in-memory database, sandbox providers).
 *
 *   E2E_SKIP_BUILD=1             reuse dist/ and dist-server/ from a previous `npm run build` (and dist-next/)
 *   E2E_PORT=8181                port for the server under test
 *   E2E_TRACE=1                  record a Playwright trace of each test, kept for the ones that fail
 *   PLAYWRIGHT_CHROMIUM_PATH=…   the whole Chromium, for the tests tagged WHOLE_BROWSER (else /usr/bin/chromium, else
 *                                one is fetched)
 *   PLAYWRIGHT_HEADLESS_SHELL_PATH=…  Chromium's headless shell, for every other test (else
 *                                /usr/bin/chromium-headless-shell, else the whole Chromium)
 *
 * Arguments are passed to `playwright test` (e.g. `npm run test:e2e -- e2e/pwa.spec.ts`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { measureBundle } from './bench/bundle-size.ts';
import { FACADE } from './dynamic-facades-plugin.ts';
import { buildNextReleases } from './e2e-next-release.ts';
import { healthy, startServer, stopServer, waitUntilHealthy } from './e2e-server.ts';
import { FIRST_SCREENS } from './first-screens.ts';
import { routePattern } from './route-preloads-plugin.ts';

const PORT = Number(process.env.E2E_PORT ?? 8181);
const ORIGIN = `http://localhost:${PORT}`;
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const SYSTEM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** The first-load JS budget (entry + modulepreloads, gzip -9): a build over it fails the run. */
const FIRST_LOAD_BUDGET_BYTES = 115 * 1024;

function log(message: string): void {
  console.log(`[e2e] ${message}`);
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** DESIGN §2: the one test command gets a Chromium itself when the machine has none. */
function findChromium(): string | undefined {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv)) throw new Error(`PLAYWRIGHT_CHROMIUM_PATH=${fromEnv} is not an executable`);
    return fromEnv;
  }
  if (isExecutable(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  if (process.getuid?.() === 0 && onPath('apt-get')) {
    log(`no Chromium found: installing Debian's chromium with apt-get (about 20 s)`);
    run('apt-get', ['update']);
    run('apt-get', ['install', '-y', 'chromium']);
    if (isExecutable(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
    throw new Error(`apt-get installed chromium but ${SYSTEM_CHROMIUM} is missing`);
  }
  if (!existsSync(chromium.executablePath())) {
    log(`no Chromium found: downloading Playwright's own (npx playwright install chromium)`);
    run('npx', ['playwright', 'install', 'chromium']);
  }
  return undefined;
}

/**
 * Chromium's headless shell beside the whole browser found above, for the tests that need no more than the engine
 * (playwright.config.ts): Debian packages it as `chromium-headless-shell`. Without one, the whole browser runs
 * every test, slower; Playwright's own download (no whole browser found) has its own shell.
 */
function findHeadlessShell(wholeBrowser: string | undefined): string | undefined {
  const fromEnv = process.env.PLAYWRIGHT_HEADLESS_SHELL_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv)) throw new Error(`PLAYWRIGHT_HEADLESS_SHELL_PATH=${fromEnv} is not an executable`);
    return fromEnv;
  }
  if (wholeBrowser !== SYSTEM_CHROMIUM) return undefined;
  if (!isExecutable(SYSTEM_HEADLESS_SHELL) && process.getuid?.() === 0 && onPath('apt-get')) {
    log(`installing Debian's chromium-headless-shell with apt-get, for the tests that need no whole browser`);
    // the shell only saves time: an install that fails leaves every test to the whole browser, not the run failed
    const installed = ['update', 'install -y chromium-headless-shell'].every(
      (step) => spawnSync('apt-get', step.split(' '), { stdio: 'inherit' }).status === 0,
    );
    if (!installed) log('apt-get could not install chromium-headless-shell');
  }
  return isExecutable(SYSTEM_HEADLESS_SHELL) ? SYSTEM_HEADLESS_SHELL : undefined;
}

function runPlaywright(chromiumPath: string | undefined, headlessShell: string | undefined): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env, E2E_BASE_URL: ORIGIN };
  if (chromiumPath) env.PLAYWRIGHT_CHROMIUM_PATH = chromiumPath;
  if (headlessShell) env.PLAYWRIGHT_HEADLESS_SHELL_PATH = headlessShell;
  const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], { env, stdio: 'inherit' });
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

function checkFirstLoadBudget(): void {
  const { firstLoadGzipBytes, firstLoad } = measureBundle();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  log(
    `first-load JS: ${kb(firstLoadGzipBytes)} gzip in ${firstLoad.length} files (budget ${kb(FIRST_LOAD_BUDGET_BYTES)})`,
  );
  if (firstLoadGzipBytes > FIRST_LOAD_BUDGET_BYTES) {
    const largest = [...firstLoad].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5);
    throw new Error(
      `first-load JS is over its budget: ${largest.map((f) => `${f.file} ${kb(f.gzipBytes)}`).join(', ')}, …`,
    );
  }
}

/**
 * No built script names a sandbox provider's address: the browser learns every outside service's address from the
 * server (client-providers, card-gateway), so the same build serves a production configuration without a dead
 * `/sandbox/…` call in it.
 */
function checkNoSandboxAddresses(): void {
  const scripts = [
    'dist/sw.js',
    ...readdirSync('dist/assets')
      .filter((file) => file.endsWith('.js'))
      .map((file) => `dist/assets/${file}`),
  ];
  const naming = scripts.filter((file) => readFileSync(file, 'utf8').includes('/sandbox/'));
  log(`sandbox addresses in the built scripts: ${naming.length} of ${scripts.length} files`);
  if (naming.length > 0) throw new Error(`a built script names a /sandbox/ address: ${naming.join(', ')}`);
}

/** Pages that show no recipient form until the customer asks for one (it loads then: docs/decisions.md). */
const WITHOUT_RECIPIENT_FORM = [
  '/home',
  '/transfers',
  '/transfers/:transactionReference',
  '/recipients',
  '/wallets',
  '/profile',
  '/support',
];

/**
 * None of those pages names the recipient form's chunk, or the phone-number metadata it imports, among what it
 * preloads (`route-preloads.json`): the screens' shared chunks once merged small modules into the form's, and these
 * pages then waited for both before their first paint.
 */
function checkRecipientFormOnDemand(): void {
  const preloads = preloadedScripts();
  const scripts = readdirSync('dist/assets').filter((file) => file.endsWith('.js'));
  const form = scripts.filter((file) => file.startsWith('recipient-form-'));
  const phones = scripts.filter((file) => readFileSync(`dist/assets/${file}`, 'utf8').includes('countryCallingCodes'));
  if (form.length === 0 || phones.length === 0) {
    throw new Error('the recipient form or the phone-number metadata is not where this check looks for it');
  }
  const watched = [...form, ...phones].map((file) => `/assets/${file}`);
  const preloading = WITHOUT_RECIPIENT_FORM.flatMap((pattern) => {
    const scripts = preloads.get(pattern);
    if (!scripts) throw new Error(`route-preloads.json has no ${pattern}`);
    return scripts.filter((file) => watched.includes(file)).map((file) => `${pattern} ${file}`);
  });
  log(`pages without a recipient form that preload it or the phone-number metadata: ${preloading.length}`);
  if (preloading.length > 0) throw new Error(`a page preloads the recipient form: ${preloading.join(', ')}`);
}

/** What each page preloads, by its pattern (`route-preloads.json`). */
function preloadedScripts(): Map<string, string[]> {
  const { routes } = JSON.parse(readFileSync('dist/route-preloads.json', 'utf8')) as {
    routes: { pattern: string; scripts: string[] }[];
  };
  return new Map(routes.map(({ pattern, scripts }) => [pattern, scripts]));
}

/**
 * No built chunk only re-exports another (`dynamic-facades-plugin.ts`): each had been a request of its own, five
 * as `/home` opened.
 */
function checkNoFacadeChunks(): void {
  const scripts = readdirSync('dist/assets').filter((file) => file.endsWith('.js'));
  const facades = scripts.filter((file) => FACADE.test(readFileSync(`dist/assets/${file}`, 'utf8')));
  log(`chunks that only re-export another: ${facades.length} of ${scripts.length}`);
  if (facades.length > 0) throw new Error(`chunks only re-export another: ${facades.join(', ')}`);
}

/**
 * No first screen (`first-screens.ts`) preloads another's own file (`first-<screen>-…`): grouped by kind of screen,
 * `/wallets` had loaded the quote's and the sign-in screen's files for 0.4 KB of their code.
 */
function checkFirstScreensApart(): void {
  const preloads = preloadedScripts();
  const own = (screen: string) => new RegExp(`^/assets/first-${screen}-[\\w-]{7}\\.js$`);
  let ownFiles = 0;
  const crossing = Object.entries(FIRST_SCREENS).flatMap(([screen, file]) => {
    const pattern = routePattern(file);
    const scripts = pattern === null ? undefined : preloads.get(pattern);
    if (!scripts) throw new Error(`route-preloads.json has no page for ${file}`);
    // a screen whose own code is small has it in a wider file (`MIN_GROUP_BYTES`)
    ownFiles += scripts.filter((script) => own(screen).test(script)).length;
    const others = Object.keys(FIRST_SCREENS).filter((other) => other !== screen);
    return scripts
      .filter((script) => others.some((other) => own(other).test(script)))
      .map((script) => `${pattern} ${script}`);
  });
  if (ownFiles === 0)
    throw new Error('no first screen preloads a file of its own: this check looks in the wrong place');
  log(`first screens that preload another first screen's own file: ${crossing.length}`);
  if (crossing.length > 0) throw new Error(`a first screen preloads another's code: ${crossing.join(', ')}`);
}

async function main(): Promise<number> {
  const chromiumPath = findChromium();
  log(`Chromium: ${chromiumPath ?? `Playwright's own (${chromium.executablePath()})`}`);
  const headlessShell = findHeadlessShell(chromiumPath);
  log(
    `its headless shell: ${headlessShell ?? (chromiumPath ? 'none found, the whole browser runs every test' : "Playwright's own")}`,
  );

  if (process.env.E2E_SKIP_BUILD === '1') log('E2E_SKIP_BUILD=1: using the existing build');
  else run('npm', ['run', 'build']);
  for (const built of ['dist/index.html', 'dist/sw.js', 'dist-server/main.js']) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  checkFirstLoadBudget();
  checkNoSandboxAddresses();
  checkRecipientFormOnDemand();
  checkNoFacadeChunks();
  checkFirstScreensApart();
  log('building the next major and minor releases of the same source (the update specs deploy them)');
  buildNextReleases({ reuse: process.env.E2E_SKIP_BUILD === '1' });

  if (await healthy(PORT)) throw new Error(`something already answers on ${ORIGIN}: stop it or set E2E_PORT`);
  log(`starting the server on ${ORIGIN} (in-memory database, sandbox providers)`);
  const server = startServer({ port: PORT });
  const interrupt = () => void stopServer(server).then(() => process.exit(130));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    await waitUntilHealthy(server, PORT);
    return await runPlaywright(chromiumPath, headlessShell);
  } finally {
    await stopServer(server);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[e2e] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
