import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from './spawned-process.js';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * A server of our own for fault tests: it can be stopped and started again without
 * disturbing the shared PostgreSQL, Redis and Kafka that other tests use. Data survives a
 * stop; `close` stops it for good and deletes it.
 */
export interface PrivateServer {
  /** postgres://…, redis://… or host:port (Kafka). */
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  child?: () => ChildProcess | undefined,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const current = child?.();
    if (current && current.exitCode !== null)
      throw new Error(`${what} exited (${current.exitCode}) while starting`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} not up within ${timeoutMs} ms`);
}

/** A server process of its own in `dir`, removed with it on close. */
function privateServer(
  url: string,
  dir: string,
  start: () => Promise<void>,
  stop: () => Promise<void>,
): PrivateServer {
  return {
    url,
    start,
    stop,
    close: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function stopChild(child: ChildProcess | undefined, timeoutMs = 20_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * redis-server on a free loopback port. `persistent` keeps an append-only file (fsync on every
 * write), as a Redis holding job queues must, so that its data survives a restart.
 */
export async function startPrivateRedis(
  options: { persistent?: boolean } = {},
): Promise<PrivateServer> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'frenly-redis-'));
  const persistence = options.persistent
    ? ['--appendonly', 'yes', '--appendfsync', 'always', '--save', '']
    : ['--save', '', '--appendonly', 'no'];
  let child: ChildProcess | undefined;
  const ping = async () =>
    (await run('redis-cli', ['-p', String(port), 'ping'])).stdout.trim() === 'PONG';
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, ...persistence],
      { stdio: 'ignore' },
    );
    await waitUntil('redis-server', ping, 10_000, () => child);
  };
  await start();
  return privateServer(`redis://127.0.0.1:${port}`, dir, start, () => stopChild(child));
}

/** A PostgreSQL cluster of its own (initdb in a temporary folder, run as the postgres user), trust auth. */
export async function startPrivatePostgres(): Promise<PrivateServer> {
  const bin = postgresBin();
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'frenly-pg-'));
  await chmod(dir, 0o700);
  const { uid, gid } = await postgresUser();
  await chown(dir, uid, gid);
  // As the postgres user (PostgreSQL refuses to run as root), without a wrapper process, so
  // that signals reach the server itself.
  await run(join(bin, 'initdb'), ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync'], {
    cwd: tmpdir(),
    uid,
    gid,
  });
  let child: ChildProcess | undefined;
  const ready = async () =>
    await run(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).then(
      () => true,
      () => false,
    );
  const start = async () => {
    child = spawn(
      join(bin, 'postgres'),
      [
        '-D',
        dir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'fsync=off',
        '-c',
        'max_connections=200',
      ],
      { stdio: 'ignore', cwd: tmpdir(), uid, gid },
    );
    await waitUntil('postgres', ready, 30_000, () => child);
  };
  await start();
  // SIGINT: "fast" shutdown, which ends open sessions (what an operator's restart does).
  const stop = async () => {
    const server = child;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGINT');
    const timer = setTimeout(() => server.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };
  return privateServer(`postgres://postgres@127.0.0.1:${port}/postgres`, dir, start, stop);
}

/** A single-node KRaft Kafka of its own, from the jars `npm run infra:up` fetched into .infra/kafka/libs. */
export async function startPrivateKafka(): Promise<PrivateServer> {
  const libs = kafkaLibs();
  const [port, controllerPort] = [await freePort(), await freePort()];
  const dir = await mkdtemp(join(tmpdir(), 'frenly-kafka-'));
  const properties = join(dir, 'server.properties');
  await writeFile(
    properties,
    [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
      `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
      'controller.listener.names=CONTROLLER',
      'inter.broker.listener.name=PLAINTEXT',
      'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      `log.dirs=${join(dir, 'data')}`,
      'auto.create.topics.enable=true',
      'num.partitions=1',
      'default.replication.factor=1',
      'min.insync.replicas=1',
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=1',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'transaction.state.log.num.partitions=1',
      'group.initial.rebalance.delay.ms=0',
      'broker.session.timeout.ms=4000',
      'broker.heartbeat.interval.ms=1000',
      'num.network.threads=2',
      'num.io.threads=2',
      'background.threads=2',
    ].join('\n'),
  );
  const classpath = `${libs}/*`;
  const logs = [`-Dkafka.logs.dir=${join(dir, 'logs')}`, '-Dlog4j.configuration=file:/dev/null'];
  const { stdout: clusterId } = await run('java', [
    ...logs,
    '-cp',
    classpath,
    'kafka.tools.StorageTool',
    'random-uuid',
  ]);
  await run('java', [
    ...logs,
    '-cp',
    classpath,
    'kafka.tools.StorageTool',
    'format',
    '-t',
    clusterId.trim().split('\n').pop()!,
    '-c',
    properties,
  ]);
  let child: ChildProcess | undefined;
  const { default: kafkajs } = await import('kafkajs');
  const answers = async () => {
    const admin = new kafkajs.Kafka({
      brokers: [`127.0.0.1:${port}`],
      clientId: 'private-kafka-probe',
      logLevel: kafkajs.logLevel.NOTHING,
      retry: { retries: 0 },
    }).admin();
    try {
      await admin.connect();
      return (await admin.describeCluster()).brokers.length > 0;
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  };
  const start = async () => {
    child = spawn(
      'java',
      [
        '-Xms128m',
        '-Xmx384m',
        '-XX:+UseSerialGC',
        ...logs,
        '-cp',
        classpath,
        'kafka.Kafka',
        properties,
      ],
      { stdio: 'ignore' },
    );
    await waitUntil('kafka', answers, 90_000, () => child);
  };
  await start();
  return privateServer(`127.0.0.1:${port}`, dir, start, () => stopChild(child));
}

/**
 * The Kafka jars `npm run infra:up` fetched: this checkout's .infra/kafka/libs, else those of the
 * broker already running on this machine (infra:up reuses a broker another checkout started).
 */
function kafkaLibs(): string {
  const own = join(repoRoot, '.infra', 'kafka', 'libs');
  const candidates = [process.env.FRENLY_KAFKA_LIBS, own];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const home = args
        .find((arg) => arg.startsWith('-Dfrenly.kafka.home='))
        ?.slice('-Dfrenly.kafka.home='.length);
      if (home) candidates.push(join(home, 'libs'));
    } catch {
      // a process that ended meanwhile
    }
  }
  const found = candidates.find(
    (dir): dir is string =>
      !!dir && existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.jar')),
  );
  if (!found)
    throw new Error(
      `no Kafka jars in ${own} nor beside a running broker: run npm run infra:up first`,
    );
  return found;
}

function postgresBin(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort();
  const version = versions[versions.length - 1];
  if (!version) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  return join('/usr/lib/postgresql', version, 'bin');
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([
    run('id', ['-u', 'postgres']),
    run('id', ['-g', 'postgres']),
  ]);
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}
