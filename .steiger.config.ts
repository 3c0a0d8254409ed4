import fsd from '@feature-sliced/steiger-plugin';
import { defineConfig } from 'steiger';

// The design card's steiger config. `npm run lint` (scripts/steiger.mjs) loads this file explicitly,
// because steiger 0.6's own discovery never finds it; tests/unit/steiger-config.test.ts proves a rule
// enabled here takes effect.
export default defineConfig([
  ...fsd.configs.recommended,
  {
    // Off in "recommended"; we want it: inside a slice import relatively, across slices through the
    // `@/` alias and the slice's public API. Keeps slices movable when a product squad forks one.
    rules: {
      'fsd/import-locality': 'error',
    },
  },
]);
