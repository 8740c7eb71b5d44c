// Checks for start-distributed: are PostgreSQL, Redis and Kafka reachable, and does the
// database exist (created if not)?
import { connect } from 'node:net';
import pg from 'pg';

/** Resolves true when something accepts TCP connections on host:port within the timeout. */
export function canConnect(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = connect({ host, port: Number(port) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function hostPortOfUrl(url, defaultPort) {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || defaultPort) };
}

/** Creates the database named in `databaseUrl` when it does not exist; returns true if it did. */
export async function ensureDatabase(databaseUrl) {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`DATABASE_URL names no database: ${databaseUrl}`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({
    connectionString: admin.toString(),
    connectionTimeoutMillis: 5000,
  });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount > 0) return false;
    await client.query(`create database "${name.replaceAll('"', '""')}"`);
    return true;
  } catch (error) {
    if (error.code === '42P04') return false; // created meanwhile by someone else
    throw error;
  } finally {
    await client.end();
  }
}
