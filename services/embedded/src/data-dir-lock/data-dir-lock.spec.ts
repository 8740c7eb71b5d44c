import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireDataDirLock, DataDirInUse, findLiveHolder, LOCK_FOLDER } from './data-dir-lock.js';
import {
  currentIncarnation,
  incarnationOf,
  livenessOf,
  type ProcessIncarnation,
} from './process-incarnation.js';

describe(acquireDataDirLock.name, () => {
  let dataDir: string;
  const self = currentIncarnation();
  // Another run of a process, as an entry left in the folder would describe it.
  const other = (overrides: Partial<ProcessIncarnation>): ProcessIncarnation => ({
    ...self,
    pid: process.ppid,
    ...overrides,
  });
  const leaveEntry = (holder: ProcessIncarnation, name = 'left.json'): string => {
    mkdirSync(join(dataDir, LOCK_FOLDER), { recursive: true });
    const entry = join(dataDir, LOCK_FOLDER, name);
    writeFileSync(entry, JSON.stringify({ ...holder, startedAt: '2026-01-01T00:00:00.000Z' }));
    return entry;
  };
  const entries = (): string[] => readdirSync(join(dataDir, LOCK_FOLDER));

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'frenly-lock-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('takes an empty folder and gives it back on release', () => {
    const lock = acquireDataDirLock(dataDir);
    expect(entries()).toHaveLength(1);
    lock.release();
    expect(entries()).toEqual([]);
  });

  it('refuses while a live process holds the folder, naming the folder, the pid and the entry, and leaves no entry of its own', () => {
    const entry = leaveEntry(incarnationOf(process.ppid)); // jest's parent: a process that runs
    let refusal: unknown;
    try {
      acquireDataDirLock(dataDir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirInUse);
    expect((refusal as Error).message).toContain(
      `the data folder ${dataDir} is in use by another Frenly process`,
    );
    expect((refusal as Error).message).toContain(`(pid ${process.ppid} on ${self.hostname}`);
    expect((refusal as Error).message).toContain(`remove ${entry}`);
    expect(entries()).toEqual(['left.json']);
    expect(findLiveHolder(dataDir)?.pid).toBe(process.ppid);
  });

  it('takes over from a process that no longer runs (kill -9), removing its entry', () => {
    leaveEntry(other({ pid: 2 ** 22 + 17 })); // above Linux's pid_max: no such process
    const lock = acquireDataDirLock(dataDir);
    expect(entries()).toEqual([lock.entry.split('/').pop()]);
    lock.release();
  });

  it('takes over when the pid now belongs to another process (pid reuse: same pid, other start time)', () => {
    if (self.startTicks === undefined) return; // no /proc: nothing to compare, the pid rules
    leaveEntry(other({ startTicks: '1' }));
    expect(() => acquireDataDirLock(dataDir).release()).not.toThrow();
  });

  it('takes over from an earlier run with this very pid (a container where the runtime is always pid 1)', () => {
    leaveEntry({
      ...self,
      startTicks: self.startTicks === undefined ? undefined : `${self.startTicks}0`,
    });
    expect(() => acquireDataDirLock(dataDir).release()).not.toThrow();
  });

  it('takes over after a reboot (another boot id), and refuses for a process on another host, whose liveness it cannot see', () => {
    if (self.bootId) expect(livenessOf(other({ bootId: 'another-boot' }), self)).toBe('dead');
    leaveEntry(other({ hostname: `${self.hostname}-elsewhere`, pid: 2 ** 22 + 17 }));
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirInUse);
  });
});
