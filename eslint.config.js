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

/**
 * How a statement starts, for the "SQL only in queries.ts" rule below: its keywords all upper case or all
 * lower case (an opening parenthesis and blanks before it allowed), so that prose ("Select a plan from
 * the list", "with MODE=production …") is not taken for SQL.
 */
const SQL_KEYWORDS =
  'SELECT\\s+(\\S[\\s\\S]*\\s(FROM|AS)\\s|[\\d$]|\\w+\\()|INSERT\\s+INTO\\s|UPDATE\\s+\\w+(\\s+(AS\\s+)?\\w+)?\\s+SET\\s|DELETE\\s+FROM\\s|WITH\\s+(RECURSIVE\\s+)?\\w+(\\s*\\([^)]*\\))?\\s+AS\\s*((NOT\\s+)?MATERIALIZED\\s*)?\\(';
const SQL_START = `/^\\s*\\(?\\s*(${SQL_KEYWORDS}|${SQL_KEYWORDS.replace(/\b[A-Z]{2,}\b/g, (word) => word.toLowerCase())})/`;

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
    files: ['src/**/*.{ts,tsx}', 'console/**/*.{ts,tsx}', 'tests/fixtures/eslint/src/**/*.{ts,tsx}'],
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
    // SQL only in a queries.ts (docs/architecture.md "Server layout"; server/db/ and its migrations are the
    // database layer itself): a string or template that starts like a statement (SELECT … FROM / AS, or a
    // call or a number; INSERT INTO; UPDATE … SET; DELETE FROM; WITH … AS () is reported anywhere else
    // under server/, the sandbox included.
    files: ['server/**/*.ts', 'tests/fixtures/eslint/server/**/*.ts'],
    ignores: ['server/**/queries.ts', 'server/db/**', 'tests/fixtures/eslint/server/**/queries.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=SQL]', 'TemplateLiteral[quasis.0.value.raw=SQL]'].map((selector) => ({
          selector: selector.replace('SQL', SQL_START),
          message: 'SQL belongs in the domain\'s queries.ts (docs/architecture.md "Server layout").',
        })),
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
