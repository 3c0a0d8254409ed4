/**
 * The runtime config a staging deployment injects: production mode on testnet (TON_NETWORK=testnet).
 * Imported first by a test file, before any module reads the runtime config.
 */
window.__APP_CONFIG__ = { mode: 'production', tonNetwork: 'testnet', walletsListUrl: null };
