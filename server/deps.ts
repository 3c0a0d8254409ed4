import type { Config } from './config';
import type { Db } from './db/index';
import type { EventBus } from './events/bus';
import type { CommunityChecker } from './community/checker';
import type { TokenKeys } from './auth/tokens';

/** What services need from the outside world; built once in app.ts, replaceable in tests. */
export interface Deps {
  config: Config;
  db: Db;
  bus: EventBus;
  community: CommunityChecker;
  tokens: TokenKeys;
}
