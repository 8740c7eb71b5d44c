import { randomUUID } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { currentIncarnation, livenessOf, type ProcessIncarnation } from './process-incarnation.js';

/** The folder inside FRENLY_DATA_DIR that holds one entry per process using it. */
export const LOCK_FOLDER = '.frenly-lock';

/** What an entry says about the process that wrote it. */
export interface LockHolder extends ProcessIncarnation {
  readonly startedAt: string;
  /** The entry itself, for an operator who must remove it by hand. */
  readonly entry: string;
}

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(dataDirInUseMessage(dataDir, holder));
    this.name = 'DataDirInUse';
  }
}

export interface DataDirLock {
  readonly entry: string;
  release(): void;
}

/**
 * Makes this process the only one using `dataDir` (two PGlite engines on one folder corrupt
 * it), or throws DataDirInUse naming the other process.
 *
 * Each process writes its own entry (pid, start time, boot id, host), then looks at the
 * others: entries of processes that no longer run (kill -9, a crash, a reboot) are removed,
 * and a live one makes this process withdraw its entry and refuse. An entry is never
 * rewritten, so removing a dead one is safe whoever does it; two processes starting in the
 * same instant may both see the other and both refuse, but never both run. No timers and
 * no waiting: a restart right after kill -9 proceeds at once.
 */
export function acquireDataDirLock(
  dataDir: string,
  self: ProcessIncarnation = currentIncarnation(),
): DataDirLock {
  const folder = join(resolve(dataDir), LOCK_FOLDER);
  mkdirSync(folder, { recursive: true });
  const name = `${self.pid}-${randomUUID()}.json`;
  const entry = join(folder, name);
  const record = { ...self, startedAt: new Date().toISOString() };
  // Written aside, then renamed into place: others never read a half-written entry.
  const pending = join(folder, `.${name}.tmp`);
  writeFileSync(pending, JSON.stringify(record));
  renameSync(pending, entry);

  const release = (): void => removeQuietly(entry);
  try {
    const live = liveHolders(folder, self).filter((holder) => holder.entry !== entry);
    if (live[0]) throw new DataDirInUse(resolve(dataDir), live[0]);
  } catch (error) {
    release();
    throw error;
  }
  process.once('exit', release);
  return {
    entry,
    release: () => {
      process.removeListener('exit', release);
      release();
    },
  };
}

/** The processes other than `self` that hold `dataDir`, without changing anything (a pre-flight check). */
export function findLiveHolder(
  dataDir: string,
  self: ProcessIncarnation = currentIncarnation(),
): LockHolder | undefined {
  return liveHolders(join(resolve(dataDir), LOCK_FOLDER), self, { removeDead: false })[0];
}

function liveHolders(
  folder: string,
  self: ProcessIncarnation,
  options = { removeDead: true },
): LockHolder[] {
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const live: LockHolder[] = [];
  for (const name of names) {
    const entry = join(folder, name);
    const holder = readHolder(entry);
    if (!holder) continue; // removed meanwhile, or not ours
    if (livenessOf(holder, self) === 'dead') {
      if (options.removeDead) removeQuietly(entry);
    } else {
      live.push(holder);
    }
  }
  return live;
}

function readHolder(entry: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(entry, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.hostname !== 'string') return undefined;
    return {
      pid: parsed.pid,
      hostname: parsed.hostname,
      bootId: parsed.bootId ?? undefined,
      startTicks: parsed.startTicks ?? undefined,
      startedAt: String(parsed.startedAt ?? 'an unknown time'),
      entry,
    };
  } catch {
    return undefined;
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone: another process cleaned it up.
  }
}

export function dataDirInUseMessage(dataDir: string, holder: LockHolder): string {
  return [
    `Refusing to start: the data folder ${dataDir} is in use by another Frenly process`,
    `(pid ${holder.pid} on ${holder.hostname}, started ${holder.startedAt}).`,
    'Two processes on one folder corrupt the database. Stop that process first, or give this one',
    'its own folder (FRENLY_DATA_DIR=…). If that process is gone and this message persists,',
    `remove ${holder.entry}.`,
  ].join('\n');
}
