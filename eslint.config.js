import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
);
