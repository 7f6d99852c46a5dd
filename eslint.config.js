import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

/** One way to open a transaction (issue 21): the helper that retries deadlocks and serialization failures. */
const bareTransaction = {
  selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
  message:
    'Open a transaction with withTransactionRetry (server/lib/transaction-retry.ts): it runs it again on a deadlock or serialization failure instead of answering 500.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'screenshots/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.{js,mjs,ts}'], ignores: ['client/**'], languageOptions: { globals: globals.node } },
  { files: ['client/**/*.{ts,tsx}'], languageOptions: { globals: globals.browser } },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // One way to open a transaction and one place for SQL (issue 21; decisions 046 and 105).
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/**/*.test-helpers.ts', 'server/lib/transaction-retry.ts'],
    rules: {
      'no-restricted-syntax': ['error', bareTransaction],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: [
      'server/**/*.repository.ts',
      'server/statements/**',
      'server/**/*.test.ts',
      'server/**/*.test-helpers.ts',
      'server/lib/transaction-retry.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        bareTransaction,
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|selectNoFrom)$/]',
          message:
            'Queries are built in repositories (<domain>.repository.ts, taking db | trx first): call a repository function from here.',
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      // shared/ is isomorphic: it must not reach into server, db or client code.
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+(server|db|client)/' }] }],
    },
  },
  {
    // Hooks called in a fixed order, and effects that re-run when what they read changes (issue 21):
    // errors, not warnings, so `npm run lint` fails on them. The React Compiler rules of v7's preset
    // (purity, refs, set-state-in-effect ...) are not on: the client does not use the compiler.
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      // The browser imports server code for types only.
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+(server|db)/', allowTypeImports: true }] }],
    },
  },
);
