import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

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
    files: ['shared/**/*.ts'],
    rules: {
      // shared/ is isomorphic: it must not reach into server, db or client code.
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+(server|db|client)/' }] }],
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
