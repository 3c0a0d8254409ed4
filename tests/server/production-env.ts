/** Every setting production requires, with values that pass its checks (and none of the sandbox's). */
export const PRODUCTION_ENV = {
  BOT_TOKEN: '123:real',
  BOT_USERNAME: 'real_bot',
  JWT_SECRET: 'x'.repeat(32),
  DATABASE_URL: 'postgres://localhost/app',
  ADMIN_TOKEN: 'a-long-enough-admin-token',
  COMMUNITY_CHAT_ID: '@community',
  COMMUNITY_URL: 'https://t.me/community',
  PUBLIC_URL: 'https://app.example.com',
  TREASURY_ADDRESS: `0:${'cd'.repeat(32)}`,
  BOT_WEBHOOK_SECRET: 'a-real-webhook-secret-of-32-chars',
  // Required, and may be empty (the console off).
  OPERATOR_TELEGRAM_IDS: '',
};
