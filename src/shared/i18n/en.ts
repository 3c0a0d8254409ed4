/**
 * Every text the app shows, in English: the reference catalogue. `ru.ts` must have exactly these keys
 * (the type says so; tests/unit/i18n-catalogue.test.ts also fails on an empty, unused or mismatched
 * entry). Keys are read as string literals, `t('mint.create')`, so a search of src/ finds every use.
 *
 * - `{name}` is replaced by the `name` parameter.
 * - `a|b` are plural forms chosen by the `count` parameter: English one|other, Russian one|few|many.
 * - The SPEC's texts (toasts, gates, errors) are written here exactly as the SPEC has them.
 */
export const en = {
  // ---- shared -------------------------------------------------------------------------------------
  'common.loading': 'Loading',
  'common.loadingEllipsis': 'Loading…',
  'common.cancel': 'Cancel',
  'common.days': '{count} day|{count} days',

  // ---- launch, gates --------------------------------------------------------------------------------
  'launch.failedTitle': 'Could not sign you in',
  'launch.failedText': 'Check your connection and try again.',
  'launch.tryAgain': 'Try again',
  'maintenance.title': 'We are under maintenance',
  'maintenance.text': 'Come back later',
  'community.title': 'Join the community to use the product',
  'community.join': 'Join the community',
  'community.done': 'Done',

  // ---- navigation -----------------------------------------------------------------------------------
  'nav.label': 'Main',
  'nav.mint': 'Mint',
  'nav.staking': 'Staking',
  'nav.dashboard': 'Dashboard',
  'nav.referral': 'Referral',
  'nav.tasks': 'Tasks',
  'nav.newReferrals': '{count} new referral|{count} new referrals',
  'notFound.title': 'Page not found',
  'notFound.text': 'There is nothing at this address.',
  'notFound.home': 'Go to the dashboard',

  // ---- dashboard ------------------------------------------------------------------------------------
  'dashboard.title': 'Dashboard',
  'dashboard.balances': 'Balances',
  'dashboard.balance': 'Balance',
  'dashboard.taskBalance': 'Task balance',
  'dashboard.referralBalance': 'Referral balance',
  'dashboard.bonuses': 'Bonuses',
  'dashboard.holdBonus': 'Hold bonus',
  'dashboard.investmentBonus': 'Investment bonus',
  'dashboard.collectiveBonus': 'Collective bonus',
  'dashboard.activeMints': 'Active mints',
  'dashboard.noActiveMints': 'No active mints.',
  'dashboard.activeStakes': 'Active stakes',
  'dashboard.noActiveStakes': 'No active stakes.',
  'dashboard.referralLevel': 'Referral level {level}',
  'dashboard.sections': 'Dashboard sections',
  'dashboard.overview': 'Overview',
  'dashboard.history': 'History',
  'dashboard.farming': 'Farming',
  'dashboard.sell': 'Sell',

  // ---- wallet ---------------------------------------------------------------------------------------
  'wallet.title': 'Wallet',
  'wallet.restoring': 'Restoring wallet connection',
  'wallet.disconnect': 'Disconnect',
  'wallet.disconnectTitle': 'Disconnect wallet?',
  'wallet.disconnectText': 'You can connect it again at any time.',
  'wallet.testTransfer': 'Send test transfer (1 TON)',
  'wallet.required': 'Connect wallet to send a transaction.',
  'wallet.tooManyMessages':
    'Your wallet can send at most {count} message at once, this needs {needed}.|Your wallet can send at most {count} messages at once, this needs {needed}.',
  'wallet.notSent': 'Transaction was not sent',
  'wallet.notConnected': 'Wallet was not connected',
  'wallet.unhandled': 'Unhandled error: {message}',
  'wallet.error': 'Wallet error',
  'transaction.processing': 'Transaction is being processed',

  // ---- mint -----------------------------------------------------------------------------------------
  'mint.title': 'Mint',
  'mint.formTitle': 'New mint',
  'mint.plan': 'Plan',
  'mint.loadingPlans': 'Loading plans…',
  'mint.noPlans': 'No plans are open right now.',
  'mint.choosePlan': 'Choose a plan.',
  'mint.planYield': '+{percent} over {days}',
  'mint.amountLabel': 'Amount (TON)',
  'mint.amountInvalid': 'Enter a positive amount, like 1.5 (up to 9 decimals).',
  'mint.youMint': 'You mint',
  'mint.after': 'After {days}',
  'mint.pricePerToken': 'Price per TKN',
  'mint.calculating': 'Calculating…',
  'mint.calculationHint': 'Choose a plan and an amount to see what you get.',
  'mint.create': 'Create mint',
  'mint.created': 'New Mint created',
  'mint.activeMints': 'Active mints',
  'mint.noActiveMints': 'No active mints yet.',
  'mint.waitingForPayment': 'Waiting for payment',
  'mint.payHint': 'Pay {amount} TON from your wallet; the mint becomes active when the payment arrives.',
  'mint.pay': 'Pay',
  'mint.cancelTitle': 'Cancel mint?',
  'mint.cancelText': 'Mint #{code} will be canceled. A payment sent after that will not activate it.',
  'mint.cancelConfirm': 'Confirm',
  'mint.keep': 'Keep mint',
  'mint.cardLabel': 'Mint {code}',
  'mint.amount': 'Amount',
  'mint.expected': 'Expected',
  'mint.cost': 'Cost',
  'mint.term': 'Term',
  'mint.matures': 'Matures',
  'mint.status.pending': 'pending',
  'mint.status.active': 'active',
  'mint.status.canceled': 'canceled',
  'mint.status.completed': 'completed',
  'mint.status.moveToStaking': 'move to staking',

  // ---- staking --------------------------------------------------------------------------------------
  'staking.title': 'Staking',
  'staking.stakeMint': 'Stake a mint',
  'staking.noStakes': 'No stakes yet. Stake an active mint to start earning.',
  'staking.loadingStakes': 'Loading stakes…',
  'staking.selectTitle': 'Select a mint',
  'staking.stake': 'Stake',
  'staking.noMints': 'No mints to stake',
  'staking.goToMint': 'Go to Mint',
  'staking.loadingMints': 'Loading mints…',
  'staking.created': 'New Stake created',
  'stake.cardLabel': 'Stake {code}',
  'stake.status.pending': 'Pending',
  'stake.status.active': 'Active',
  'stake.status.completed': 'Completed',
  'stake.earned': 'Earned',
  'stake.ofMax': 'of {amount} TKN',
  'stake.staked': 'Staked',
  'stake.dailyRate': 'Daily rate',
  'stake.reward': 'Reward',
  'stake.perDay': 'per day',
  'stake.perHour': 'per hour',
  'stake.perMinute': 'per minute',
  'stake.perSecond': 'per second',

  // ---- screens still to come ------------------------------------------------------------------------
  'referral.title': 'Referral',
  'referral.farmingTitle': 'Referral farming',
  'referral.sellTitle': 'Referral sell',
  'tasks.title': 'Tasks',
  'tasks.farmingTitle': 'Tasks farming',
  'tasks.sellTitle': 'Tasks sell',

  // ---- errors (SPEC §8) -----------------------------------------------------------------------------
  'error.fileTooLarge': 'Error: File size is too large! Upload a smaller file.',
  'error.network': 'Error: Network Error! Code: ERR_NETWORK',
  'error.timeout': 'Error: Timeout Error!',
  'error.unknown': 'Error: Something went wrong',
} as const;

export type MessageKey = keyof typeof en;
