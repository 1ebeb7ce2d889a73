import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const frontendSrc = `${import.meta.dirname}/frontend/src`;
const features = readdirSync(`${frontendSrc}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tools/**',
      '.data/**',
      'e2e/artifacts/**',
      'e2e/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  // Only repositories touch kysely (ARCHITECTURE.md): no kysely import (types aside) and no query
  // built on a Db outside *-repository.ts, packages/db, tests and the exceptions below.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: [
      '**/*-repository.ts',
      'packages/db/**',
      'packages/testing/**',
      '**/test/**',
      'e2e/**',
      'compose-test/**',
      'bench/**',
      // service-kit's session store (connect-pg-style store class) and the readiness probe's
      // `select 1`; its test app seeds users for route tests.
      'packages/service-kit/src/sessions/session-store.ts',
      'packages/service-kit/src/health.ts',
      'packages/service-kit/src/testing/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['kysely', 'kysely/*'],
              allowTypeImports: true,
              message: 'Only repositories (*-repository.ts) touch kysely.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression > MemberExpression.callee > Identifier.property[name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|withRecursive)$/]',
          message: 'Only repositories (*-repository.ts) build queries: move this into one.',
        },
        {
          selector:
            'CallExpression[callee.property.name="execute"] > MemberExpression.callee > CallExpression.object[callee.property.name=/^(transaction|connection)$/]',
          message: 'Only repositories (*-repository.ts) open transactions: move this into one.',
        },
      ],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The frontend's layers (bulletproof-react's unidirectional imports): app/ composes features,
  // a feature uses components/ and lib/ but never another feature (what two features share goes
  // to components/ or lib/), and components/ and lib/ know neither features nor app/.
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: `${import.meta.dirname}/frontend/tsconfig.json`,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: frontendSrc,
          zones: [
            ...features.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`],
              message:
                'A feature imports no other feature: move what both need to components/ or lib/, or compose them in app/.',
            })),
            {
              target: './features',
              from: './app',
              message: 'Features do not import app/: app/ composes the features.',
            },
            {
              target: ['./components', './lib'],
              from: ['./features', './app'],
              message: 'components/ and lib/ are shared: they import no feature and not app/.',
            },
          ],
        },
      ],
    },
  },
);
