// node --test bench/lib/cpu-limit.test.mjs
// Without cgroups (or without root) the behaviour under test is the clear report; with them, a
// busy child held to its quota and the group removed afterwards.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cpuLimitSupport, limitCpu } from './cpu-limit.mjs';

test('says why quotas are unavailable where there is no cpu controller, and refuses to limit', () => {
  const notACgroup = mkdtempSync(join(tmpdir(), 'frenly-no-cgroup-'));
  try {
    const support = cpuLimitSupport(notACgroup);
    assert.equal(support.available, false);
    assert.match(support.reason, /no cgroup v1 cpu controller/);
    assert.throws(
      () => limitCpu(999_999, 0.5, { root: notACgroup }),
      /no cgroup v1 cpu controller/,
    );
  } finally {
    rmSync(notACgroup, { recursive: true });
  }
});

test('never limits this process itself', () => {
  assert.throws(() => limitCpu(process.pid, 0.5), /refusing PID/);
});

const support = cpuLimitSupport();
test(
  'holds a busy child to its quota and removes the group',
  { skip: support.available ? false : support.reason },
  async () => {
    // Spins for 1.5 s of wall time, then prints the CPU seconds it got.
    const busy =
      'const end = Date.now() + 1500; while (Date.now() < end); const u = process.cpuUsage(); console.log((u.user + u.system) / 1e6)';
    const child = spawn(process.execPath, ['-e', busy], { stdio: ['ignore', 'pipe', 'inherit'] });
    const group = limitCpu(child.pid, 0.2, { label: 'test', shares: 4096 });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    await new Promise((resolve) => child.once('exit', resolve));
    const { throttled } = group.throttling();
    assert.ok(throttled >= 5, `throttled in ${throttled} periods`);
    // 0.2 CPU × 1.5 s, plus the start-up before the limit applied; unlimited it would be ~1.5 s.
    assert.ok(Number(out) < 0.6, `used ${out.trim()} CPU s`);
    assert.equal(readFileSync(join(group.path, 'cpu.cfs_quota_us'), 'utf8').trim(), '20000');
    assert.equal(readFileSync(join(group.path, 'cpu.shares'), 'utf8').trim(), '4096');
    group.release();
    assert.equal(existsSync(group.path), false);
  },
);
