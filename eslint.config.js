// @ts-check
/**
 * ESLint for the whole tree (`npm run lint`): typescript-eslint's recommended rules and three that read
 * types — no promise left floating, none handed where a void callback is expected (an event handler, a
 * timer, Fastify's hooks: its rejection would go unhandled), and every switch over a union naming each
 * member (a new member is a decision at every switch, not a silent default) — effector's
 * (units named $store / xxxFx, no watch or getState in models, scope-safe effect handlers and React
 * bindings) and React's hook rules. Effector's rules read types, so the parser has the project's
 * tsconfig. Formatting is Prettier's (`prettier --check`), not ESLint's.
 */
import js from '@eslint/js';
import effector from 'eslint-plugin-effector';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'public/**',
      '**/*.cjs',
      'tests/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // `_name` marks a value left out on purpose (a rest-destructured field, an unused callback argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // A `let` assigned once, after closures that read it were made (a logger known only later), stays a `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // The type-aware rules (the parser has the project's types through projectService).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  {
    // page.evaluate runs in the browser, where the sandbox's own globals have no types.
    files: ['tests/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/fixtures/eslint/src/**/*.{ts,tsx}'],
    plugins: { effector, 'react-hooks': reactHooks },
    rules: {
      ...effector.configs.recommended.rules,
      ...effector.configs.scope.rules,
      ...effector.configs.react.rules,
      ...effector.configs.patronum.rules,
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
