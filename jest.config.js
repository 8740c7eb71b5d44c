// One Jest run, three projects: `unit` (no infrastructure), `integration` (real PostgreSQL,
// Redis and Kafka, brought up by `npm run infra:up`) and `e2e` (Debian's Chromium driven by
// playwright-core against the built app in the embedded runtime).
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];

const workspacePackages = {
  config: 'libs/config',
  contracts: 'libs/contracts',
  db: 'libs/db',
  events: 'libs/events',
  jobs: 'libs/jobs',
  platform: 'libs/platform',
  testing: 'libs/testing',
  'safe-fetch': 'libs/safe-fetch',
  html: 'libs/html',
  gateway: 'services/gateway',
  search: 'services/search',
  ledger: 'services/ledger',
  analysis: 'services/analysis',
  realtime: 'services/realtime',
  embedded: 'services/embedded',
};

const moduleNameMapper = {
  // Tests run the TypeScript sources of workspace packages, not their dist builds.
  ...Object.fromEntries(
    Object.entries(workspacePackages).map(([name, dir]) => [
      `^@frenly/${name}$`,
      `<rootDir>/${dir}/src/index.ts`,
    ]),
  ),
  // Sources use NodeNext-style `.js` suffixes on relative imports.
  '^(\\.{1,2}/.*)\\.js$': '$1',
};

const common = {
  rootDir: '.',
  transform: { '^.+\\.tsx?$': swc },
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper,
  testEnvironment: 'node',
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/', '<rootDir>/.infra/', '<rootDir>/.data/'],
};

export default {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{libs,services}/*/src/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{libs,services}/*/test/**/*.int-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/jest.integration-setup.js'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/frontend/e2e/**/*.e2e-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/jest.integration-setup.js'],
    },
  ],
};
