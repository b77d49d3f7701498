import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's modules (each folder directly under src/server/modules) stand on
 * floors drawn from their imports: a module that imports no module is on the
 * first floor, any other one floor above the highest module it imports. What
 * every module needs lives on a shared floor beneath them all (folders directly
 * under src/server), which imports no module.
 */
const SERVER = resolve('src/server');
const MODULES = join(SERVER, 'modules');
/** the shared floor: concepts every module may use, and the one pay-in lifecycle */
const SHARED_FLOOR = ['customers', 'one-time-codes', 'yearly-usage', 'payins'];
const MAX_FLOORS = 5;

/** import-boundaries.test.ts puts these for a moment where the lint rules apply, some importing a module */
const isLintProbe = (name: string) => name.startsWith('zz-probe-');

function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(path);
    return entry.name.endsWith('.ts') && !isLintProbe(entry.name) ? [path] : [];
  });
}

const IMPORTS = [
  // import … from '…', export … from '…' (also `import type`, over several lines)
  /^\s*(?:import|export)\s[^;]*?\sfrom\s*['"]([^'"]+)['"]/gm,
  // import '…'
  /^\s*import\s*['"]([^'"]+)['"]/gm,
  // import('…')
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** the files a file imports by a relative path, resolved */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = IMPORTS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] as string));
  return specifiers.filter((spec) => spec.startsWith('.')).map((spec) => resolve(dirname(file), spec));
}

/** the module a path under src/server/modules belongs to (areas.ts, the list of them all, is none) */
function moduleOf(path: string): string | undefined {
  const parts = relative(MODULES, path).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
}

const isUnder = (path: string, folder: string) => !relative(folder, path).startsWith('..');

const files = typeScriptFiles(SERVER);
const modules = [...new Set(files.map(moduleOf).filter((m): m is string => m !== undefined))].sort();
/** module → the modules it imports, with the files that do */
const edges = new Map(modules.map((m) => [m, new Map<string, Set<string>>()]));
for (const file of files) {
  const from = moduleOf(file);
  if (from === undefined) continue;
  for (const target of importsOf(file)) {
    const to = moduleOf(target);
    if (to === undefined || to === from) continue;
    const by = edges.get(from)?.get(to) ?? new Set<string>();
    by.add(`${relative(SERVER, file)} → ${relative(SERVER, target)}`);
    edges.get(from)?.set(to, by);
  }
}
const importsOfModule = (m: string) => [...(edges.get(m)?.keys() ?? [])];

/** Tarjan's strongly connected components: every circle of modules importing each other */
function components(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (m: string) => {
    index.set(m, next);
    low.set(m, next);
    next += 1;
    stack.push(m);
    for (const to of importsOfModule(m)) {
      if (!index.has(to)) {
        visit(to);
        low.set(m, Math.min(low.get(m) as number, low.get(to) as number));
      } else if (stack.includes(to)) {
        low.set(m, Math.min(low.get(m) as number, index.get(to) as number));
      }
    }
    if (low.get(m) === index.get(m)) {
      const component: string[] = [];
      let top: string | undefined;
      do {
        top = stack.pop() as string;
        component.push(top);
      } while (top !== m);
      found.push(component.sort());
    }
  };
  for (const m of modules) if (!index.has(m)) visit(m);
  return found;
}

/**
 * The order of a circle's modules, bottom first, with the fewest imports
 * running back up, and of those the one whose arrows back up come from the
 * fewest files (an exact search over subsets: circles are small).
 */
function fewestBackArrows(members: string[]): string[] {
  const n = members.length;
  // an arrow back up weighs more than all the files of every arrow together
  const arrow =
    1 + [...edges.values()].reduce((sum, to) => sum + [...to.values()].reduce((s, by) => s + by.size, 0), 0);
  const weight = (from: string, to: string) => {
    const by = edges.get(from)?.get(to);
    return by ? arrow + by.size : 0;
  };
  /** the weight of the arrows from the modules in `below` to v */
  const backUp = (v: number, below: number) =>
    members.reduce((sum, from, i) => (below & (1 << i) ? sum + weight(from, members[v] as string) : sum), 0);
  const cost = new Array<number>(1 << n).fill(Number.POSITIVE_INFINITY);
  const last = new Array<number>(1 << n).fill(-1);
  cost[0] = 0;
  for (let below = 0; below < 1 << n; below++) {
    for (let v = 0; v < n; v++) {
      if (below & (1 << v)) continue;
      // v goes above everything below: each of those importing v is an arrow back up
      const total = (cost[below] as number) + backUp(v, below);
      if (total < (cost[below | (1 << v)] as number)) {
        cost[below | (1 << v)] = total;
        last[below | (1 << v)] = v;
      }
    }
  }
  const order: string[] = [];
  for (let set = (1 << n) - 1; set; set &= ~(1 << (last[set] as number)))
    order.unshift(members[last[set] as number] as string);
  return order;
}

/** every module's floor, and the imports that run back up (from a lower floor, or the same, to a higher) */
function floors() {
  const rank = new Map<string, number>();
  for (const component of components()) {
    for (const [i, m] of fewestBackArrows(component).entries()) rank.set(m, i);
  }
  const circleOf = new Map(components().flatMap((c) => c.map((m) => [m, c] as const)));
  const isBackArrow = (from: string, to: string) =>
    circleOf.get(from) === circleOf.get(to) && (rank.get(to) as number) > (rank.get(from) as number);
  const floor = new Map<string, number>();
  const floorOf = (m: string): number => {
    const known = floor.get(m);
    if (known !== undefined) return known;
    const below = importsOfModule(m).filter((to) => !isBackArrow(m, to));
    const value = 1 + Math.max(0, ...below.map(floorOf));
    floor.set(m, value);
    return value;
  };
  for (const m of modules) floorOf(m);
  const backArrows = modules.flatMap((from) =>
    importsOfModule(from)
      .filter((to) => isBackArrow(from, to))
      .map((to) => `${from} → ${to} (${[...(edges.get(from)?.get(to) ?? [])].join(', ')})`),
  );
  return { floor, backArrows, count: Math.max(0, ...floor.values()) };
}

function picture(): string {
  const { floor, backArrows, count } = floors();
  const lines = [];
  for (let f = count; f >= 1; f--) {
    lines.push(`floor ${f}: ${modules.filter((m) => floor.get(m) === f).join(', ')}`);
  }
  if (backArrows.length > 0) lines.push('arrows running back up:', ...backArrows.map((a) => `  ${a}`));
  return lines.join('\n');
}

describe('server modules stand on floors (src/server/modules)', () => {
  it('finds the modules and their imports', () => {
    expect(modules).toContain('transfers');
    expect(modules.length).toBeGreaterThan(10);
    expect([...edges.values()].some((to) => to.size > 0)).toBe(true);
  });

  it('has no circle of modules importing each other', () => {
    const circles = components().filter((c) => c.length > 1);
    expect(circles, `circles of modules:\n${picture()}`).toEqual([]);
    expect(floors().backArrows, picture()).toEqual([]);
  });

  it(`stands on at most ${MAX_FLOORS} floors`, () => {
    expect(floors().count, picture()).toBeLessThanOrEqual(MAX_FLOORS);
  });

  it('keeps the shared floor free of modules', () => {
    const shared = SHARED_FLOOR.map((name) => join(SERVER, name)).filter((folder) => existsSync(folder));
    expect(shared.length).toBeGreaterThan(0);
    const upward = shared.flatMap((folder) =>
      typeScriptFiles(folder).flatMap((file) =>
        importsOf(file)
          .filter((target) => isUnder(target, MODULES))
          .map((target) => `${relative(SERVER, file)} → ${relative(SERVER, target)}`),
      ),
    );
    expect(upward, 'the shared floor imports no module: move what it needs down beside it').toEqual([]);
  });
});
