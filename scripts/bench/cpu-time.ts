/**
 * Who used the cores during a bench run, from Linux's /proc: each named
 * process's CPU time as a share of one core, and how busy the whole machine
 * was (every process on it, the bench's or not, as a share of all its cores).
 * Elsewhere, or for a process gone by the end, there is no figure.
 */
import { readFileSync } from 'node:fs';

/** /proc counts in USER_HZ ticks, 100 a second on Linux (`getconf CLK_TCK`). */
const TICKS_PER_SECOND = 100;

/** The process's user and system ticks (proc(5), /proc/<pid>/stat fields 14 and 15). */
function processTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // after "pid (name) ": the name may hold spaces and parentheses
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** The machine's busy and total ticks over all its cores (/proc/stat's first line; idle and iowait are not busy). */
function machineTicks(): { busy: number; total: number } | undefined {
  try {
    const [, ...values] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
    const ticks = values.slice(0, 8).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
  } catch {
    return undefined;
  }
}

/** Percent of one core each process used, and `machine`: percent of all cores busy. */
export type CpuShares = Record<string, number>;

/** Starts counting for these processes (name → pid); the function returned gives the shares since. */
export function startCpuMeter(processes: Record<string, number | undefined>): () => CpuShares {
  const started = performance.now();
  const before = Object.entries(processes).map(([name, pid]) => ({
    name,
    pid,
    ticks: pid === undefined ? undefined : processTicks(pid),
  }));
  const machineBefore = machineTicks();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const shares: CpuShares = {};
    for (const { name, pid, ticks } of before) {
      const now = pid === undefined ? undefined : processTicks(pid);
      if (ticks !== undefined && now !== undefined) {
        shares[name] = Math.round(((now - ticks) / TICKS_PER_SECOND / seconds) * 100);
      }
    }
    const machineAfter = machineTicks();
    if (machineBefore && machineAfter && machineAfter.total > machineBefore.total) {
      shares.machine = Math.round(
        ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * 100,
      );
    }
    return shares;
  };
}
