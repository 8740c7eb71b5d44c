import { defineConfig } from 'drizzle-kit';

// One migration set per service schema, so each service owns (and migrates) its own tables and
// parallel work on two services never contends for one migration journal.
// Generate with: DB_SCHEMA=<identity|ledger|search|analysis> npm run db:generate -- --name <what>
const schema = process.env.DB_SCHEMA;
const schemas = ['identity', 'ledger', 'search', 'analysis'];
if (!schema || !schemas.includes(schema)) {
  throw new Error(`Set DB_SCHEMA to one of ${schemas.join(', ')}`);
}

export default defineConfig({
  dialect: 'postgresql',
  schema: `./libs/db/src/schema/${schema}.ts`,
  out: `./libs/db/migrations/${schema}`,
  schemaFilter: [schema],
});
