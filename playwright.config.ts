import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8190);

// E2E runs the built app (npm run build) on the real server in sandbox mode with a throwaway
// in-memory database, in Debian's Chromium. No browser is ever downloaded.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    // Room for the sandbox's phone-sized (390×780) Mini App frame and its host bar.
    viewport: { width: 1100, height: 1000 },
  },
  webServer: {
    // The compiled server, as production runs it (npm test builds it before the e2e suite).
    command: `node dist-server/main.js`,
    url: `http://127.0.0.1:${port}/api/maintenance/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      // Explicit: PUBLIC_URL alone would otherwise mean production (server/config.ts).
      MODE: 'sandbox',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The price stays still (specs count tokens at 0.01 TON); a spec moves it with the launcher's Price ↑ / ↓.
      PRICE_TICK_MS: '0',
      // Every spec signs in and moves money from 127.0.0.1: limits well above what the suite does in a
      // minute, still checked (docs/operations.md "Limits and load shedding").
      RATE_LIMIT_SIGN_IN_PER_IP: '5000',
      RATE_LIMIT_MONEY_PER_IP: '5000',
      RATE_LIMIT_MONEY_PER_USER: '1000',
      RATE_LIMIT_TON_PROOF_PER_IP: '5000',
      RATE_LIMIT_TON_PROOF_PER_USER: '1000',
      RATE_LIMIT_SHARE_MESSAGE_PER_IP: '5000',
      RATE_LIMIT_SHARE_MESSAGE_PER_USER: '1000',
      // Specs reset the price and hold payouts through the operator API from the same address.
      RATE_LIMIT_ADMIN_PER_IP: '5000',
      // The embedded PGlite runs on the server's event loop, and @fastify/under-pressure reads a sample
      // interval (1 s) in which the loop never turned as an infinite delay, whatever the threshold: on a busy
      // machine one long statement would answer the next second's calls 503. Off here; heap shedding stays.
      LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    },
  },
});
