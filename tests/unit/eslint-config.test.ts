/**
 * eslint.config.js is in force: linting made-up breaches (tests/fixtures/eslint, ignored by the main
 * run) with the project's own config reports each rule it enables — typescript-eslint's, effector's
 * (which read types), React's hooks and "SQL only in a queries.ts" under server/.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');

describe('eslint.config.js (npm run lint)', () => {
  it('reports each rule it enables on the made-up breaches', async () => {
    const eslint = new ESLint({ cwd: root, ignore: false });
    const results = await eslint.lintFiles([
      'tests/fixtures/eslint/src/**/*.{ts,tsx}',
      'tests/fixtures/eslint/server/**/*.ts',
    ]);
    const found = results
      .flatMap((result) =>
        result.messages.map((message) => `${result.filePath.slice(root.length + 1)}:${message.line} ${message.ruleId}`),
      )
      .sort();
    const model = 'tests/fixtures/eslint/src/entities/demo/model/breaches.ts';
    const ui = 'tests/fixtures/eslint/src/entities/demo/ui/breaches.tsx';
    // Every statement's start but the prose below them; nothing in the fixture's queries.ts.
    const sql = 'tests/fixtures/eslint/server/demo/service.ts';
    expect(found).toEqual(
      [
        `${model}:5 effector/enforce-store-naming-convention`,
        `${model}:7 effector/enforce-effect-naming-convention`,
        `${model}:8 effector/no-watch`,
        `${model}:9 effector/no-getState`,
        `${model}:10 @typescript-eslint/no-explicit-any`,
        `${model}:11 @typescript-eslint/no-unused-vars`,
        `${ui}:8 react-hooks/rules-of-hooks`,
        `${ui}:9 effector/mandatory-scope-binding`,
        ...[3, 4, 6, 8, 9, 10, 11].map((line) => `${sql}:${line} no-restricted-syntax`),
      ].sort(),
    );
  }, 120_000);
});
