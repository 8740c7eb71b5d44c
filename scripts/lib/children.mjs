// Child processes for the start scripts: signals sent to the script reach the child, and the
// script ends the way the child ended.
import { spawn } from 'node:child_process';

export const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Calls `onExit` once when this process's parent goes away. `npm start` runs us through
 * `sh -c`, which dies on SIGTERM without passing it on: without this, `kill <npm pid>`
 * would leave the application running.
 */
export function watchParent(onExit, intervalMs = 250) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      onExit();
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Runs a command to the end, forwarding signals (and the parent's end, as SIGTERM); resolves with its exit code and signal. */
export function runForwardingSignals(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    const forward = (signal) => child.kill(signal);
    for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
    const stopWatchingParent = watchParent(() => forward('SIGTERM'));
    const cleanup = () => {
      for (const signal of FORWARDED_SIGNALS) process.off(signal, forward);
      stopWatchingParent();
    };
    child.once('error', (error) => {
      cleanup();
      reject(error);
    });
    child.once('exit', (code, signal) => {
      cleanup();
      resolve({ code, signal });
    });
  });
}

/** Ends this process as the child ended: same exit code, or 128 + signal number. */
export function exitLike({ code, signal }) {
  if (signal) {
    const numbers = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
    process.exit(128 + (numbers[signal] ?? 0));
  }
  process.exit(code ?? 1);
}
