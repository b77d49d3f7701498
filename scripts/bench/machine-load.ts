/**
 * How busy the machine was, printed beside a bench's figures: the load average (this system's own runnable tasks),
 * and on Linux the share of CPU time the hypervisor gave to others since this module was loaded (`/proc/stat`'s
 * steal), which a shared host's other tenants cost and the load average does not show.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** The CPU time counters of every core together (`/proc/stat`'s `cpu` line): all of it, and what was stolen. */
function cpuTimes(): { total: number; steal: number } | undefined {
  try {
    const fields = /^cpu +(.+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]?.split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already counted in user)
    if (!fields || fields.length < 8) return undefined;
    return { total: fields.slice(0, 8).reduce((sum, n) => sum + n, 0), steal: fields[7] ?? 0 };
  } catch {
    return undefined;
  }
}

const start = cpuTimes();

/** "1.20, 0.80, 0.50; hypervisor steal 0.4 % since the bench began" (the steal where Linux reports it). */
export function machineLoad(): string {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  const now = cpuTimes();
  if (!start || !now || now.total === start.total) return load;
  const stolen = ((now.steal - start.steal) / (now.total - start.total)) * 100;
  return `${load}; hypervisor steal ${stolen.toFixed(1)} % since the bench began`;
}
