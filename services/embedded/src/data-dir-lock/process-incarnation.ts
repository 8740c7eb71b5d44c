import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * One run of one process: a pid alone is not enough (pids are reused, and in a container the
 * runtime is often pid 1 on every start), so Linux's start time of the process (clock ticks
 * since boot, /proc/<pid>/stat) and the boot id make it unique. Elsewhere both are undefined
 * and the pid is all there is.
 */
export interface ProcessIncarnation {
  readonly pid: number;
  readonly hostname: string;
  readonly bootId: string | undefined;
  readonly startTicks: string | undefined;
}

export function currentIncarnation(): ProcessIncarnation {
  return incarnationOf(process.pid);
}

/** The current run of `pid` on this machine (startTicks undefined if it is not running or there is no /proc). */
export function incarnationOf(pid: number): ProcessIncarnation {
  return { pid, hostname: hostname(), bootId: bootId(), startTicks: startTicksOf(pid) };
}

export type Liveness = 'alive' | 'dead' | 'unknown';

/**
 * Whether `other` still runs, seen from this process. 'unknown' when it ran on another host
 * (a shared folder) or this machine was rebooted in a way that cannot be told: the caller
 * treats that as alive, since running twice corrupts the data and waiting does not.
 */
export function livenessOf(
  other: ProcessIncarnation,
  self: ProcessIncarnation = currentIncarnation(),
): Liveness {
  if (other.hostname !== self.hostname) return 'unknown';
  if (other.bootId && self.bootId && other.bootId !== self.bootId) return 'dead'; // rebooted since
  if (other.pid === self.pid)
    return other.startTicks === self.startTicks && other.startTicks !== undefined
      ? 'alive'
      : 'dead';
  if (!pidExists(other.pid)) return 'dead';
  if (other.startTicks === undefined || self.startTicks === undefined) return 'alive';
  const now = procStat(other.pid);
  // Exited between the two looks, killed but not yet reaped (a zombie holds no files), or the pid was reused.
  if (!now || now.state === 'Z' || now.state === 'X') return 'dead';
  return now.startTicks === other.startTicks ? 'alive' : 'dead';
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function startTicksOf(pid: number): string | undefined {
  return procStat(pid)?.startTicks;
}

/** Fields 3 (state) and 22 (start time) of /proc/<pid>/stat, counted after the command name's closing parenthesis. */
function procStat(pid: number): { state: string; startTicks: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] && fields[19] ? { state: fields[0], startTicks: fields[19] } : undefined;
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
