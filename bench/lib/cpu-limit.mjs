// Puts a process under a CPU quota of its own, like a Kubernetes `resources.limits.cpu` on a pod:
// one cgroup (v1 `cpu` controller) per limited process, CFS quota = cpus × period. Benchmarks use
// it to give each service instance its own CPU allowance on a machine whose few cores everything
// else shares too. Needs root and a writable /sys/fs/cgroup/cpu; when that is missing,
// `cpuLimitSupport()` says why and `limitCpu()` throws that reason.
//
// Only ever pass the PID of a process you spawned for the benchmark (never process.pid, never a
// shell's): the quota throttles it. Every cgroup made here is removed when this process exits
// (normally, by process.exit, by an uncaught error, or by SIGINT/SIGTERM/SIGHUP).
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

export const CGROUP_CPU_ROOT = '/sys/fs/cgroup/cpu';
const PERIOD_US = 100_000;
const PREFIX = 'frenly-bench-';

/** Whether per-process CPU quotas can be set here: `{ available: true }` or `{ available: false, reason }`. */
export function cpuLimitSupport(root = CGROUP_CPU_ROOT) {
  if (process.platform !== 'linux')
    return {
      available: false,
      reason: `CPU quotas need Linux cgroups (this is ${process.platform})`,
    };
  if (!existsSync(join(root, 'cpu.cfs_quota_us'))) {
    return {
      available: false,
      reason:
        existsSync('/sys/fs/cgroup/cgroup.controllers') && root === CGROUP_CPU_ROOT
          ? `no cgroup v1 cpu controller at ${root} (this machine has cgroup v2 only, which this helper does not drive)`
          : `no cgroup v1 cpu controller at ${root} (no cpu.cfs_quota_us there)`,
    };
  }
  // The only sure test of permission: make an empty group and remove it again.
  const probe = join(root, `${PREFIX}probe-${process.pid}`);
  try {
    mkdirSync(probe);
    rmdirSync(probe);
    return { available: true };
  } catch (error) {
    return {
      available: false,
      reason: `cannot create a cgroup under ${root} (${error.code ?? error.message}; it needs root and a writable cgroup mount)`,
    };
  }
}

const live = new Set();
let counter = 0;
let hooked = false;

/**
 * Moves `pid` (its whole thread group, and children it starts later) into a new cgroup limited to
 * `cpus` CPUs (0.4 = 40 ms per 100 ms period). `shares` (cpu.shares, default 1024 = one ordinary
 * process) weighs the group against everything else when the machine is busy: a high weight makes
 * the quota a guarantee as well as a ceiling, like a pod whose CPU request equals its limit.
 * Returns a handle: `throttling()` reads the group's cpu.stat, `release()` moves the process back
 * to the root group and removes the group.
 */
export function limitCpu(pid, cpus, { root = CGROUP_CPU_ROOT, label = 'instance', shares } = {}) {
  if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid)
    throw new Error(`limitCpu: refusing PID ${pid} (only a spawned child's PID)`);
  if (!(cpus > 0)) throw new Error(`limitCpu: cpus must be > 0 (got ${cpus})`);
  const support = cpuLimitSupport(root);
  if (!support.available) throw new Error(`limitCpu: ${support.reason}`);
  hookExit();
  const name = `${PREFIX}${process.pid}-${++counter}-${label.replace(/[^\w.-]/g, '_')}`;
  const path = join(root, name);
  mkdirSync(path);
  const group = {
    name,
    path,
    cpus,
    shares: shares ?? 1024,
    pid,
    /** Periods run and throttled so far, and the time spent throttled (ms). */
    throttling() {
      const stat = Object.fromEntries(
        readFileSync(join(path, 'cpu.stat'), 'utf8')
          .trim()
          .split('\n')
          .map((l) => l.split(' '))
          .map(([k, v]) => [k, Number(v)]),
      );
      return {
        periods: stat.nr_periods ?? 0,
        throttled: stat.nr_throttled ?? 0,
        throttledMs: (stat.throttled_time ?? 0) / 1e6,
      };
    },
    release() {
      if (!live.delete(group)) return;
      removeGroup(root, path);
    },
  };
  live.add(group);
  try {
    writeFileSync(join(path, 'cpu.cfs_period_us'), String(PERIOD_US));
    writeFileSync(join(path, 'cpu.cfs_quota_us'), String(Math.round(cpus * PERIOD_US)));
    if (shares) writeFileSync(join(path, 'cpu.shares'), String(shares));
    writeFileSync(join(path, 'cgroup.procs'), String(pid));
  } catch (error) {
    group.release();
    throw new Error(
      `limitCpu: could not limit PID ${pid} to ${cpus} CPU in ${path}: ${error.message}`,
      { cause: error },
    );
  }
  return group;
}

/** Removes every group this process made (also run automatically at exit). */
export function releaseAll() {
  for (const group of [...live]) group.release();
}

/** Groups of earlier runs whose benchmark process is gone (killed with SIGKILL), emptied and removed. */
export function removeStaleGroups(root = CGROUP_CPU_ROOT) {
  if (!existsSync(root)) return [];
  const removed = [];
  for (const name of readdirSync(root)) {
    const owner = Number(name.startsWith(PREFIX) ? name.slice(PREFIX.length).split('-')[0] : NaN);
    if (!owner || owner === process.pid || existsSync(`/proc/${owner}`)) continue;
    if (removeGroup(root, join(root, name))) removed.push(name);
  }
  return removed;
}

/** Moves the group's remaining processes to the root group, then removes the (empty) group. */
function removeGroup(root, path) {
  try {
    for (const pid of readFileSync(join(path, 'cgroup.procs'), 'utf8')
      .split('\n')
      .filter(Boolean)) {
      try {
        writeFileSync(join(root, 'cgroup.procs'), pid);
      } catch {
        // It exited meanwhile.
      }
    }
    rmdirSync(path);
    return true;
  } catch (error) {
    if (error.code === 'ENOENT') return true;
    console.error(`cpu-limit: could not remove ${path}: ${error.message}`);
    return false;
  }
}

function hookExit() {
  if (hooked) return;
  hooked = true;
  process.once('exit', releaseAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      releaseAll();
      process.kill(process.pid, signal);
    });
  }
}
