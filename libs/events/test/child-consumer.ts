import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { waitFor } from '@frenly/testing';

const fixture = fileURLToPath(new URL('./fixtures/outbox-consumer.mjs', import.meta.url));
const builtEvents = fileURLToPath(new URL('../dist/index.js', import.meta.url));

export interface ReceivedLine {
  readonly id: string;
  readonly key: string;
  readonly status: 'handled' | 'duplicate';
  readonly payload: unknown;
}

/** A consumer running in another `node` process (fixtures/outbox-consumer.mjs) and what it printed. */
export class ChildConsumer {
  readonly received: ReceivedLine[] = [];
  private readonly stderr: string[] = [];
  private ready = false;
  private exited?: number | null;

  private constructor(private readonly child: ChildProcess) {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const message = JSON.parse(line) as { type: string } & ReceivedLine;
      if (message.type === 'ready') this.ready = true;
      if (message.type === 'event') this.received.push(message);
    });
    createInterface({ input: child.stderr! }).on('line', (line) => this.stderr.push(line));
    child.on('exit', (code) => (this.exited = code));
  }

  static async start(args: {
    brokers: string[];
    topic: string;
    group: string;
    databaseUrl: string;
  }): Promise<ChildConsumer> {
    if (!existsSync(builtEvents)) {
      throw new Error(
        'libs/events/dist is missing: run `npm run build -w @frenly/events -w @frenly/db -w @frenly/contracts -w @frenly/config` first',
      );
    }
    const child = spawn(
      process.execPath,
      [fixture, args.brokers.join(','), args.topic, args.group, args.databaseUrl],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const consumer = new ChildConsumer(child);
    await waitFor(
      () => {
        if (consumer.exited !== undefined)
          throw new Error(`consumer exited (${consumer.exited}): ${consumer.log()}`);
        return consumer.ready ? true : undefined;
      },
      45_000,
      50,
      'the child consumer to subscribe',
    ).catch((error: Error) => {
      child.kill('SIGKILL');
      throw new Error(`${error.message}\n${consumer.log()}`);
    });
    return consumer;
  }

  ids(): string[] {
    return this.received.map((r) => r.id);
  }

  /** Waits until the child printed `id`; the error carries the child's log. */
  async waitForEvent(id: string, timeoutMs: number): Promise<void> {
    await waitFor(
      () => (this.ids().includes(id) ? true : undefined),
      timeoutMs,
      50,
      `event ${id} in the child consumer`,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\nchild log:\n${this.log()}`);
    });
  }

  log(): string {
    return this.stderr.slice(-30).join('\n');
  }

  async stop(): Promise<void> {
    if (this.exited !== undefined) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}
