import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react-swc';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.VITE_API_PROXY ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [
    react({
      // The effector plugin gives every unit a sid (scope serialization, fork in tests) in build,
      // dev and vitest alike. tests/model/navigation.test.ts (sids, scope serialization) proves it runs.
      plugins: [['@effector/swc-plugin', { factories: ['patronum', '@/entities/session'] }]],
    }),
  ],
  // Vite 8 + `import WebApp from '@twa-dev/sdk'` (CJS default) needs this (DESIGN.md §6).
  legacy: { inconsistentCjsInterop: true },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2020',
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, ws: true, changeOrigin: false },
      '/sandbox': { target: apiTarget, changeOrigin: false },
      '/tonconnect-manifest.json': { target: apiTarget, changeOrigin: false },
      '/tonconnect/': { target: apiTarget, changeOrigin: false },
    },
  },
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          include: ['tests/{unit,model}/**/*.test.{ts,tsx}'],
          // @twa-dev/sdk reads `window` on import; models are still tested without rendering.
          environment: 'happy-dom',
        },
      },
      {
        extends: true,
        test: { name: 'server', include: ['tests/server/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
