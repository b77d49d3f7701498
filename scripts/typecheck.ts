/**
 * `npm run typecheck`: the four TypeScript projects (client, server, service
 * worker, e2e), two at a time — one per core — and a failure of any fails
 * the run, with each project's own output kept together.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const PROJECTS = ['tsconfig.client.json', 'tsconfig.server.json', 'tsconfig.sw.json', 'tsconfig.e2e.json'];

function check(project: string): Promise<{ project: string; ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ project, ok: code === 0, output }));
  });
}

async function main(): Promise<number> {
  const queue = [...PROJECTS];
  const results: Awaited<ReturnType<typeof check>>[] = [];
  const lanes = Array.from({ length: Math.min(2, availableParallelism()) }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project));
  });
  await Promise.all(lanes);
  for (const { project, ok, output } of results) {
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${project}`);
    if (output.trim()) console.log(output.trimEnd());
  }
  return results.every((result) => result.ok) ? 0 : 1;
}

main().then((code) => process.exit(code));
