// One statement on the PostgreSQL server as its administrator (creating and dropping a bench's
// scratch database), on a connection of its own.
import pg from 'pg';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function adminSql(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
