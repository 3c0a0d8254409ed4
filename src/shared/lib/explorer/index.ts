/** The explorer link of a transaction: one definition, in the wire contract (the bot's messages use it too). */
export { explorerTransactionUrl } from '@contract/explorer';
