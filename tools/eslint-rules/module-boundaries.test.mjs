// Run with: node --test tools/eslint-rules/
// The rule reads real package.json files, so each run builds a small workspace
// in a temporary folder with the same shape and tags as the real one.
import { after, describe, it } from 'node:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import rule from './module-boundaries.js';

const root = mkdtempSync(join(tmpdir(), 'frenly-boundaries-'));
after(() => rmSync(root, { recursive: true, force: true }));

function writePackage(dir, name, tags, extra = {}) {
  mkdirSync(join(root, dir, 'src'), { recursive: true });
  const json = { name, version: '0.1.0', type: 'module', ...extra, nx: { tags } };
  writeFileSync(join(root, dir, 'package.json'), JSON.stringify(json));
}

writeFileSync(
  join(root, 'package.json'),
  JSON.stringify({
    name: 'fixture',
    private: true,
    workspaces: ['libs/*', 'services/*', 'frontend'],
  }),
);
writePackage('libs/config', '@frenly/config', ['type:lib', 'scope:server']);
writePackage('libs/contracts', '@frenly/contracts', ['type:lib', 'scope:web'], {
  exports: { '.': './src/index.ts', './events/*': './src/events/*.ts' },
});
writePackage('libs/db', '@frenly/db', ['type:lib', 'scope:server']);
writePackage('libs/untagged', '@frenly/untagged', []);
writePackage('services/search', '@frenly/search', ['type:service', 'scope:search']);
writePackage('services/ledger', '@frenly/ledger', ['type:service', 'scope:ledger']);
writePackage('services/embedded', '@frenly/embedded', ['type:app']);
writePackage('frontend', '@frenly/frontend', ['type:frontend']);
writePackage('libs/testing', '@frenly/testing', ['type:lib', 'scope:shared', 'kind:testing']);

const file = (path) => join(root, path);

// Report each case as a node:test subtest.
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});

tester.run('module-boundaries', rule, {
  valid: [
    {
      name: 'frontend e2e test -> testing helpers',
      filename: file('frontend/e2e/support/stack.ts'),
      code: "import { DistributedTopology } from '@frenly/testing';",
    },
    {
      name: 'service spec -> testing helpers',
      filename: file('services/search/src/a.spec.ts'),
      code: "import { waitFor } from '@frenly/testing';",
    },
    {
      name: 'service -> lib',
      filename: file('services/search/src/a.ts'),
      code: "import { db } from '@frenly/db';",
    },
    {
      name: 'lib -> lib',
      filename: file('libs/db/src/a.ts'),
      code: "import { load } from '@frenly/config';",
    },
    {
      name: 'frontend -> scope:web lib',
      filename: file('frontend/src/a.tsx'),
      code: "import type { X } from '@frenly/contracts';",
    },
    {
      name: 'embedded (type:app) -> service',
      filename: file('services/embedded/src/a.ts'),
      code: "import { SearchModule } from '@frenly/search';",
    },
    {
      name: 'embedded (type:app) -> lib',
      filename: file('services/embedded/src/a.ts'),
      code: "export * from '@frenly/config';",
    },
    {
      name: 'declared subpath export',
      filename: file('frontend/src/a.ts'),
      code: "import { v } from '@frenly/contracts/events/vote-cast.v1';",
    },
    {
      name: 'relative import inside the package',
      filename: file('services/search/src/deep/a.ts'),
      code: "import { b } from '../b.js';",
    },
    {
      name: 'script (no package) -> any package by name',
      filename: file('scripts/start.mjs'),
      code: "import '@frenly/embedded';",
    },
    {
      name: 'third-party packages are not checked',
      filename: file('libs/db/src/a.ts'),
      code: "import pg from 'pg';",
    },
  ],
  invalid: [
    {
      name: 'frontend app code -> testing helpers refused',
      filename: file('frontend/src/a.tsx'),
      code: "import { waitFor } from '@frenly/testing';",
      errors: [{ messageId: 'forbidden' }],
    },
    {
      name: 'test code -> another service still refused',
      filename: file('services/search/test/a.int-spec.ts'),
      code: "import { LedgerService } from '@frenly/ledger';",
      errors: [{ messageId: 'forbidden' }],
    },
    {
      name: 'service -> service refused',
      filename: file('services/search/src/a.ts'),
      code: "import { LedgerService } from '@frenly/ledger';",
      errors: [{ messageId: 'forbidden' }],
    },
    {
      name: 'service -> app refused',
      filename: file('services/search/src/a.ts'),
      code: "const m = await import('@frenly/embedded');",
      errors: [{ messageId: 'forbidden' }],
    },
    {
      name: 'lib -> service refused (type-only imports too)',
      filename: file('libs/db/src/a.ts'),
      code: "import type { SearchModule } from '@frenly/search';",
      errors: [{ messageId: 'forbidden' }],
    },
    {
      name: 'lib -> service refused through re-export',
      filename: file('libs/config/src/a.ts'),
      code: "export { x } from '@frenly/ledger';",
      errors: [{ messageId: 'forbidden' }],
    },
    {
      name: 'frontend -> server-only lib refused',
      filename: file('frontend/src/a.tsx'),
      code: "import { db } from '@frenly/db';",
      errors: [{ messageId: 'forbidden' }],
    },
    {
      name: 'frontend -> service refused',
      filename: file('frontend/src/a.tsx'),
      code: "import { x } from '@frenly/search';",
      errors: [{ messageId: 'forbidden' }],
    },
    {
      name: 'scope:web lib -> server-only lib refused',
      filename: file('libs/contracts/src/a.ts'),
      code: "import { load } from '@frenly/config';",
      errors: [{ messageId: 'forbidden' }],
    },
    {
      name: 'relative import escaping the package',
      filename: file('services/search/src/a.ts'),
      code: "import { db } from '../../../libs/db/src/index.js';",
      errors: [{ messageId: 'escape' }],
    },
    {
      name: 'relative require escaping the package',
      filename: file('libs/db/src/a.cjs'),
      code: "const c = require('../../config/src/index.js');",
      errors: [{ messageId: 'escape' }],
    },
    {
      name: 'script reaching into a package relatively',
      filename: file('scripts/start.mjs'),
      code: "import '../services/embedded/src/main.js';",
      errors: [{ messageId: 'into' }],
    },
    {
      name: 'deep import past the entry point',
      filename: file('services/search/src/a.ts'),
      code: "import { t } from '@frenly/db/src/schema.js';",
      errors: [{ messageId: 'deep' }],
    },
    {
      name: 'unknown workspace package',
      filename: file('services/search/src/a.ts'),
      code: "import { x } from '@frenly/nope';",
      errors: [{ messageId: 'unknown' }],
    },
    {
      name: 'package importing itself by name',
      filename: file('libs/db/src/a.ts'),
      code: "import { x } from '@frenly/db';",
      errors: [{ messageId: 'self' }],
    },
    {
      name: 'untagged target cannot be checked',
      filename: file('services/search/src/a.ts'),
      code: "import { x } from '@frenly/untagged';",
      errors: [{ messageId: 'untagged' }],
    },
  ],
});
