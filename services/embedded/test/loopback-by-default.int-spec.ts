// `npm start` is for this machine: it listens on loopback unless HOST says otherwise, and its
// development sign-in (anyone may sign in as anyone) refuses clients on other machines unless
// FRENLY_DEV_IDP=on. Real processes of the built runtime; "another machine" is this machine's
// own non-loopback address, from which a connection is not a loopback one.
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import {
  createTempDir,
  freePort,
  waitForOk,
  type SpawnedProcess,
  type TempDir,
} from '@frenly/testing';
import { startBuiltRuntime } from './support/runtime-process.js';
const DISCOVERY = '/dev-idp/.well-known/openid-configuration';

/** The first IPv4 address of this machine that is not loopback, if it has one. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((info) => info && info.family === 'IPv4' && !info.internal)?.address;

interface Runtime {
  readonly child: SpawnedProcess;
  readonly port: number;
}

describe('the embedded runtime on the network', () => {
  let tmp: TempDir;
  const started: Runtime[] = [];
  let byDefault: Runtime;
  let everywhere: Runtime;
  let everywhereDevIdpOn: Runtime;

  async function start(name: string, env: NodeJS.ProcessEnv): Promise<Runtime> {
    const port = await freePort();
    const child = startBuiltRuntime({
      PORT: String(port),
      FRENLY_DATA_DIR: join(tmp.path, name),
      ...env,
    });
    const runtime = { child, port };
    started.push(runtime);
    await waitForOk(`http://127.0.0.1:${port}/health/ready`, child, 120_000);
    return runtime;
  }

  beforeAll(async () => {
    tmp = await createTempDir('frenly-loopback-');
    [byDefault, everywhere, everywhereDevIdpOn] = await Promise.all([
      start('default', { HOST: undefined, FRENLY_DEV_IDP: undefined }),
      start('everywhere', { HOST: '0.0.0.0', FRENLY_DEV_IDP: undefined }),
      start('everywhere-on', { HOST: '0.0.0.0', FRENLY_DEV_IDP: 'on' }),
    ]);
  });

  afterAll(async () => {
    for (const { child } of started) {
      child.child.kill('SIGTERM');
      await child.exited(20_000).catch(() => child.child.kill('SIGKILL'));
    }
    await tmp?.remove();
  });

  it('listens on 127.0.0.1 when HOST is unset: another address of this machine is refused', async () => {
    expect((await fetch(`http://127.0.0.1:${byDefault.port}/api/meta`)).status).toBe(200);
    // The kernel's own table of listening sockets (Linux): only 127.0.0.1 on this port.
    if (existsSync('/proc/net/tcp'))
      expect(listeningAddresses(byDefault.port)).toEqual(['127.0.0.1']);
    if (lanAddress) expect(await connectOutcome(lanAddress, byDefault.port)).toBe('ECONNREFUSED');
    // The same check sees a listener on every interface when HOST asks for it.
    if (lanAddress) expect(await connectOutcome(lanAddress, everywhere.port)).toBe('connected');
  });

  it('development sign-in (FRENLY_DEV_IDP=auto): refuses a client on another machine with a page saying it is for local use, serves this one', async () => {
    expect((await fetch(`http://127.0.0.1:${everywhere.port}${DISCOVERY}`)).status).toBe(200);
    if (lanAddress) {
      const remote = await fetch(`http://${lanAddress}:${everywhere.port}${DISCOVERY}`);
      expect(remote.status).toBe(403);
      expect(await remote.text()).toContain('For local use only');
      // The rest of the app serves it: only the sign-in-as-anyone provider is local.
      expect((await fetch(`http://${lanAddress}:${everywhere.port}/api/meta`)).status).toBe(200);
    }
    // A reverse proxy on this machine forwarding for a remote client is refused too.
    const proxied = await fetch(`http://127.0.0.1:${everywhere.port}${DISCOVERY}`, {
      headers: { 'X-Forwarded-For': '203.0.113.7' },
    });
    expect(proxied.status).toBe(403);
    expect(
      (
        await fetch(`http://127.0.0.1:${byDefault.port}/dev-idp/auth`, {
          headers: { 'X-Forwarded-For': '203.0.113.7' },
        })
      ).status,
    ).toBe(403);
  });

  it('development sign-in with FRENLY_DEV_IDP=on serves any client, and says so at start', async () => {
    if (lanAddress)
      expect(
        (await fetch(`http://${lanAddress}:${everywhereDevIdpOn.port}${DISCOVERY}`)).status,
      ).toBe(200);
    const proxied = await fetch(`http://127.0.0.1:${everywhereDevIdpOn.port}${DISCOVERY}`, {
      headers: { 'X-Forwarded-For': '203.0.113.7' },
    });
    expect(proxied.status).toBe(200);
    expect(everywhereDevIdpOn.child.stdout() + everywhereDevIdpOn.child.stderr()).toContain(
      'whoever reaches this port can sign in as anyone',
    );
    expect(everywhere.child.stdout() + everywhere.child.stderr()).not.toContain(
      'whoever reaches this port can sign in as anyone',
    );
  });
});

function connectOutcome(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(5_000, () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** IPv4 addresses listening on `port`, from /proc/net/tcp (hex, little-endian address; state 0A = LISTEN). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[3] === '0A' && fields[1]?.endsWith(`:${hexPort}`))
    .map((fields) => {
      const hex = fields[1]!.split(':')[0]!;
      return [6, 4, 2, 0].map((at) => parseInt(hex.slice(at, at + 2), 16)).join('.');
    });
}
