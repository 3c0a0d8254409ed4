/**
 * What the entry bundle must hold and must leave out (docs/performance.md "Bundle"): read by
 * .dependency-cruiser.runtime.cjs, whose rules check it, and by tests/unit/import-rules.test.ts.
 */
/**
 * On the first screen: the app, the dashboard overview, the navbar, the wallet panel, the models (but those
 * of a view that is itself lazy and that nothing else reads: the Total value's parts, the add photo modal's
 * checks and upload, the Sell sheet's Confirm and live quote).
 */
const FIRST_SCREEN = [
  'src/app/app.tsx',
  'src/pages/dashboard/ui/dashboard-page.tsx',
  'src/widgets/navbar/ui/navbar.tsx',
  'src/widgets/wallet-panel/ui/wallet-panel.tsx',
  'src/features/create-farming-link/model/create-farming-link.ts',
  'src/features/farm-activation/model/farm-activation.ts',
  'src/features/share-farm-link/model/share-farm-link.ts',
  'src/pages/dashboard/model/farming-links.ts',
  'src/pages/tasks/model/actions.ts',
  // Which task the add photo modal is for (the tasks page opens it); the rest of its model is lazy.
  'src/features/task-photo-proof/model/modal.ts',
  'src/features/task-link-proof/model/link-proof.ts',
  'src/entities/task/model/socket.ts',
  'src/widgets/navbar/model/tasks-badge.ts',
  'src/entities/wallet/model/wallet.ts',
  'src/shared/api/ton-node/node.ts',
  'src/features/sell-tokens/model/sell.ts',
  'src/entities/withdrawal/model/withdrawals.ts',
  'src/entities/withdrawal/model/socket.ts',
  // The launch parameters, read from the URL hash without the SDK.
  'src/shared/telegram/launch-params.ts',
];

/** Loaded when used, never in the entry: overlays, lazy pages and sections, the node client, the parsers. */
const LAZY = [
  'src/features/farm-activation/ui/farm-activation-modal.tsx',
  'src/features/share-farm-link/ui/farm-link-modal.tsx',
  'src/features/community-gate/ui/join-community-modal.tsx',
  'src/features/program-info/ui/info-sheet.tsx',
  'src/widgets/wallet-panel/ui/disconnect-wallet-modal.tsx',
  'src/features/task-photo-proof/ui/task-photo-modal.tsx',
  'src/features/task-photo-proof/model/photo-proof.ts',
  'src/features/task-link-proof/ui/task-link-modal.tsx',
  'src/shared/ui/modal/modal.tsx',
  'src/features/create-farming-link/ui/create-farming-link-form.tsx',
  'src/features/share-farm-link/ui/farm-link-actions.tsx',
  'src/entities/farming-link/ui/farming-link-card.tsx',
  'src/pages/dashboard/ui/farming-links.tsx',
  'src/features/invite-friends/ui/invite-actions.tsx',
  'src/features/send-transaction/ui/test-transfer-button.tsx',
  'src/pages/referral/ui/transfer-modal.tsx',
  'src/features/sell-tokens/ui/sell-modal.tsx',
  // The Sell sheet's Confirm and its following of the live price: created with its view.
  'src/features/sell-tokens/model/confirm.ts',
  'src/features/sell-tokens/model/live-quote.ts',
  // The terms of staking a mint: created with the select-mint page's view.
  'src/pages/staking/ui/stake-terms-sheet.tsx',
  'src/pages/staking/model/stake-terms.ts',
  'src/entities/withdrawal/ui/withdrawal-row.tsx',
  'src/pages/mint/ui/cancel-mint-modal.tsx',
  'src/pages/tasks/ui/tasks-page.tsx',
  'src/pages/dashboard/ui/price-chart-section.tsx',
  'src/pages/dashboard/ui/candle-chart.tsx',
  'src/pages/dashboard/ui/financial-stats.tsx',
  'src/shared/api/ton-node/client.ts',
  'src/shared/api/xhr-transport.ts',
  'src/shared/lib/ton-address/address.ts',
  // SecureStorage's messages (9.0+): loaded by the session on such a client only.
  'src/shared/telegram-platform/secure-storage.ts',
];

module.exports = { FIRST_SCREEN, LAZY };
