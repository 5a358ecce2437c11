import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/temp/**',
      '**/.data/**',
      '.tmp/**',
      'coverage/**',
      'docs/site/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.d.mts',
      // generated from the server's routes by examples/workspace/server/scripts/api-types.ts
      'examples/workspace/src/api/generated/**',
      // compiled against the real amazon-connect-streams by test/unit/compat-types.test.ts alone
      'test/types/compat/entries/real.ts',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports (STYLE.md).' },
      ],
    },
  },
  {
    // Integration code typed against amazon-connect-streams 2.18.7 (its `Function` and `any`), as
    // its users write it: test/unit/compat-types.test.ts compiles it with and without compat.
    files: ['test/types/**'],
    rules: {
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
    },
  },
  {
    files: ['**/*.config.ts', 'scripts/**', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // The workspace server's API tests read JSON answers (parsed with the contract schemas where
    // the shape matters).
    files: ['examples/workspace/server/test/**/*.ts', 'examples/workspace/gateway/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
