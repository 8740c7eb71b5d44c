import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { driverOf, type Database } from '@frenly/db';

const dialect = new PgDialect();

/**
 * A value as a SQL literal: numbers as they are, text as an escape string (E'…', backslashes
 * and quotes doubled), which reads the same whatever standard_conforming_strings says. Text
 * holding a NUL character is refused (the protocol ends a query at NUL; PostgreSQL text cannot
 * hold one anyway).
 */
export function sqlLiteral(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new Error('a SQL literal cannot hold a NUL character');
    return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  }
  throw new Error(`no SQL literal for a ${typeof value}`);
}

/**
 * The statement's text with each bound parameter written in as a literal: for a script of
 * several statements, which PostgreSQL takes only without parameters (the simple query
 * protocol). Our fragments hold no `$` but their placeholders.
 */
export function inlineSql(fragment: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  return text.replace(/\$(\d+)/g, (_, position: string) =>
    sqlLiteral(params[Number(position) - 1]),
  );
}

/** Whether the database is PGlite (one process: no statement timeout, no script of several statements). */
export function isPglite(db: Database): boolean {
  return driverOf(db).engine === 'pglite';
}

/**
 * Runs one statement in one round trip under transaction-local settings (on PostgreSQL: a
 * script `set local …; …; statement`, one implicit transaction, instead of begin / set /
 * statement / commit), e.g. statement_timeout: PostgreSQL cancels the statement after that
 * many ms. PGlite, which takes one statement at a time and cannot cancel one, runs the
 * statement alone. Resolves with the statement's rows.
 */
export async function executeWithSettings<T extends Record<string, unknown>>(
  db: Database,
  statement: SQL,
  settings: Readonly<Record<string, number>>,
): Promise<T[]> {
  if (isPglite(db)) return (await db.execute<T>(statement)).rows as T[];
  const set = Object.entries(settings).map(([name, value]) => {
    if (!/^[a-z_]+$/.test(name) || !Number.isFinite(value))
      throw new Error(`not a setting: ${name} = ${value}`);
    return `set local ${name} = ${Math.trunc(value)}; `;
  });
  const results = (await db.execute<T>(
    sql.raw(`${set.join('')}${inlineSql(statement)}`),
  )) as unknown;
  const last = Array.isArray(results)
    ? (results[results.length - 1] as { rows: T[] })
    : (results as { rows: T[] });
  return last.rows;
}
