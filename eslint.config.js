// ESLint flat config for the whole workspace: `npm run lint` (= `eslint .`).
// Type-aware rules run only on files that belong to a tsconfig (the root one for
// libs/ and services/, frontend/'s own for the browser code); the rest is linted
// without type information, which keeps a full run affordable on 2 cores.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import frenly from './tools/eslint-rules/index.js';

const TS_FILES = ['**/*.{ts,tsx,mts,cts}'];
const TYPED_FILES = [
  '{libs,services}/*/{src,test}/**/*.ts', // root tsconfig.json
  'frontend/src/**/*.{ts,tsx}', // frontend/tsconfig.app.json
  'frontend/*.config.ts', // frontend/tsconfig.node.json
  'frontend/vite-plugins/**/*.ts', // frontend/tsconfig.node.json
  'frontend/e2e/**/*.ts', // frontend/e2e/tsconfig.json (also in the root one)
];
const TEST_FILES = ['**/*.{spec,int-spec,e2e-spec,test}.{ts,tsx,js,mjs}'];

// Focused tests silently skip the rest of a suite in CI.
const FOCUSED_TEST_SELECTORS = [
  "MemberExpression[property.name='only'][object.name=/^(it|test|describe|suite|context)$/]",
  "MemberExpression[property.name='only'][object.type='MemberExpression'][object.object.name=/^(it|test|describe)$/]",
  'CallExpression[callee.name=/^(fit|fdescribe|ftest)$/]',
  "CallExpression[callee.name=/^(it|test|describe|suite)$/] > ObjectExpression > Property[key.name='only'][value.value=true]",
].map((selector) => ({ selector, message: 'Focused test: remove `.only` before committing.' }));

export default defineConfig(
  globalIgnores(['**/dist/', '**/node_modules/', '**/coverage/', '.infra/', '.data/', '.nx/']),

  {
    files: ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    extends: [js.configs.recommended],
    plugins: { frenly },
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'frenly/module-boundaries': 'error',
      'no-restricted-syntax': ['error', ...FOCUSED_TEST_SELECTORS],
      eqeqeq: ['error', 'smart'],
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },

  {
    files: TS_FILES,
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Nest resolves constructor parameters from emitted decorator metadata, which needs
      // value imports: a type-only import of an injected class breaks DI at run time.
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },

  {
    files: TYPED_FILES,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },

  {
    files: ['frontend/src/**/*.{ts,tsx,js,jsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: TEST_FILES,
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
);
