/*
 * Share to story (docs/decisions.md "Telegram's platform"): only the referral screen, which loads on
 * demand, shows it — through ./index.ui.ts, so nothing of it is in the entry.
 */
export {};
