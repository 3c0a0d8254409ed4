import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRoute } from 'atomic-router';
import { allSettled, createStore, fork, serialize, type Store, type StoreWritable } from 'effector';
import { describe, expect, it } from 'vitest';
import { chainAuthorized } from '@/entities/session';
import { chainCommunityMember } from '@/entities/user';
import { appSocket, requestFx } from '@/shared/api';
import { operatorRequestFx } from '@console/shared/api';
import { createSocketModel } from '@/shared/api/socket';
import { chainLoad, routes } from '@/shared/routing';
import { historyModel } from '@/pages/dashboard';
import { $withdrawals, $withdrawalsTotal } from '@/entities/withdrawal';
import { $mintsLoaded, $plans, mintModel } from '@/entities/mint';
import { $stakesLoaded } from '@/entities/stake';
import { $tasks, $tasksLoaded } from '@/entities/task';
import { createFarmingLinkModel } from '@/features/create-farming-link';
import { sellModel } from '@/features/sell-tokens';
import { mintFormModel } from '@/pages/mint';
import { notificationsSwitchModel } from '@/features/notifications-switch';
import { readHoldingsFx } from '@/pages/dashboard/model/holdings';
import { consoleOverviewModel } from '@console/pages/overview';
import { effectorFactories } from '../../scripts/effector-factories';

/*
 * docs/style.md §10: the units a factory creates get sids from the factory's source, the same for every
 * call, unless the swc plugin knows the factory (vite.config.ts `factories`) and prefixes them per
 * call site. Without that, `fork({ values })` for one instance sets every instance (same sid).
 */
const sidOf = (store: Store<unknown>) => store.sid;
/** Read-only in the public types; `fork({ values })` sets any store by its sid. */
const writable = (store: Store<boolean>) => store as StoreWritable<boolean>;

describe('factories listed for the swc plugin', () => {
  const $token = createStore<string | null>(null);
  const first = createSocketModel({ url: () => 'ws://a', tokenSource: $token });
  const second = createSocketModel({ url: () => 'ws://b', tokenSource: $token });

  it('createSocketModel: distinct sids per call site, the app socket included', () => {
    const sids = [first.$connected, second.$connected, appSocket.$connected].map(sidOf);
    for (const sid of sids) expect(sid).toEqual(expect.any(String));
    expect(new Set(sids).size).toBe(3);
    // Each is the factory's own unit under its call site's prefix ('<call site>|<unit>'): the app's
    // socket, made by a relative import inside shared/api, is wrapped like the others.
    const parts = sids.map((sid) => (sid as string).split('|'));
    for (const part of parts) expect(part).toHaveLength(2);
    expect(new Set(parts.map(([, unit]) => unit)).size).toBe(1);

    const scope = fork({ values: [[writable(first.$connected), true]] });
    expect(scope.getState(first.$connected)).toBe(true);
    expect(scope.getState(second.$connected)).toBe(false);
    expect(scope.getState(appSocket.$connected)).toBe(false);
  });

  it('atomic-router, chainAuthorized and chainCommunityMember: every route has its own stores', () => {
    const base = createRoute();
    const made = [
      base,
      createRoute(),
      chainAuthorized(base),
      chainAuthorized(base),
      chainCommunityMember(base),
      chainCommunityMember(base),
    ];
    const all = [...Object.values(routes), ...made];
    const sids = all.map((route) => sidOf(route.$isOpened));
    for (const sid of sids) expect(sid).toEqual(expect.any(String));
    expect(new Set(sids).size).toBe(all.length);

    const scope = fork({ values: [[writable(made[1]!.$isOpened), true]] });
    expect(scope.getState(made[1]!.$isOpened)).toBe(true);
    expect(scope.getState(made[2]!.$isOpened)).toBe(false);
    expect(scope.getState(routes.dashboard.$isOpened)).toBe(false);
  });

  it('chainLoad makes no route: it loads in the chain of the route it is given, and returns it', () => {
    const base = createRoute();
    expect(chainLoad(base, [])).toBe(base);
  });

  it('createPagedList: the operations and the withdrawals lists keep their own stores', () => {
    const lists = [historyModel.$operations, $withdrawals, historyModel.$total, $withdrawalsTotal];
    const sids = lists.map((store) => sidOf(store as Store<unknown>));
    for (const sid of sids) expect(sid).toEqual(expect.any(String));
    expect(new Set(sids).size).toBe(lists.length);
    const scope = fork({ values: [[historyModel.$total, 7]] });
    expect(scope.getState(historyModel.$total)).toBe(7);
    expect(scope.getState($withdrawalsTotal)).toBe(0);
  });

  it('createCalculation: the mint, farming-link and sell forms keep their own calculation', () => {
    const results = [mintFormModel.$calculation, createFarmingLinkModel.$calculation, sellModel.$calculation];
    const sids = results.map((store) => sidOf(store as Store<unknown>));
    for (const sid of sids) expect(sid).toEqual(expect.any(String));
    expect(new Set(sids).size).toBe(results.length);

    const priced = { price: '1' };
    const scope = fork({ values: [[mintFormModel.$calculation as StoreWritable<unknown>, priced]] });
    expect(scope.getState(mintFormModel.$calculation)).toEqual(priced);
    expect(scope.getState(sellModel.$calculation)).toBeNull();
    // Serialized by its own sid, and hydrated into a fresh scope by it.
    const values = serialize(scope);
    expect(values[sidOf(mintFormModel.$calculation as Store<unknown>)!]).toEqual(priced);
    expect(fork({ values }).getState(mintFormModel.$calculation)).toEqual(priced);
    expect(fork({ values }).getState(createFarmingLinkModel.$calculation)).toBeNull();
  });

  it("callFx and operatorCallFx: each model's call effect has its own sid, so a test replaces only its own", async () => {
    const effects = [
      readHoldingsFx,
      notificationsSwitchModel.switchNotificationsFx,
      consoleOverviewModel.overviewFx,
      consoleOverviewModel.payoutsSetFx,
    ];
    const sids = effects.map((effect) => effect.sid);
    for (const sid of sids) expect(sid).toEqual(expect.any(String));
    expect(new Set(sids).size).toBe(effects.length);

    // A handler given for one effect answers for that one only: fork matches handlers by sid as well as
    // by unit, so effects sharing a sid would all take it.
    const scope = fork({
      handlers: [
        [notificationsSwitchModel.switchNotificationsFx, async () => 'switched'],
        [consoleOverviewModel.payoutsSetFx, async () => 'payouts'],
        [requestFx, async () => 'from the server'],
        [operatorRequestFx, async () => 'from the server'],
      ],
    });
    expect(await allSettled(readHoldingsFx, { scope, params: {} })).toEqual({
      status: 'done',
      value: 'from the server',
    });
    expect(await allSettled(consoleOverviewModel.overviewFx, { scope, params: {} })).toEqual({
      status: 'done',
      value: 'from the server',
    });
  });

  it('createQuery: every list read keeps its own data and status', () => {
    const stores = [mintModel.$mints, $plans, $tasks, $mintsLoaded, $stakesLoaded, $tasksLoaded];
    const sids = stores.map((store) => sidOf(store as Store<unknown>));
    for (const sid of sids) expect(sid).toEqual(expect.any(String));
    expect(new Set(sids).size).toBe(stores.length);

    const scope = fork({ values: [[writable($tasksLoaded), true]] });
    expect(scope.getState($tasksLoaded)).toBe(true);
    expect(scope.getState($mintsLoaded)).toBe(false);
    const values = serialize(scope);
    expect(fork({ values }).getState($tasksLoaded)).toBe(true);
    expect(fork({ values }).getState($stakesLoaded)).toBe(false);
  });
});

describe('the factories list is derived from the tree (scripts/effector-factories.ts)', () => {
  const made = (files: Record<string, string>) => {
    const root = mkdtempSync(join(tmpdir(), 'factories-'));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    mkdirSync(join(root, 'console'), { recursive: true });
    return root;
  };
  const factory = "import { createStore } from 'effector';\nexport function createThing() { return createStore(0); }\n";

  it('names the ones this app has, under every name a caller uses', () => {
    const listed = effectorFactories(join(__dirname, '../..'));
    for (const name of [
      'patronum',
      '@/entities/session',
      '@/entities/user',
      '@/shared/lib/query',
      '@shared/lib/query',
      '@/shared/api/socket',
      './src/shared/api/socket',
      '@console/entities/session',
      '@console/shared/lib/confirmed-action',
      // The call effects' makers (docs/contract.md "Consuming a call"): an exported …Fx function.
      '@/shared/call',
      '@console/shared/call',
    ])
      expect(listed).toContain(name);
  });

  it('follows a factory that moves: a renamed slice or shared folder is listed under its new name', () => {
    const before = made({
      'src/entities/thing/index.ts': "export { createThing } from './model/thing';\n",
      'src/entities/thing/model/thing.ts': factory,
      'src/shared/lib/thing/index.ts': factory,
      'src/shared/lib/plain/index.ts': 'export function createPlain() { return 1; }\n',
    });
    expect(effectorFactories(before)).toEqual(
      expect.arrayContaining(['@/entities/thing', '@/shared/lib/thing', '@shared/lib/thing', './src/shared/lib/thing']),
    );
    expect(effectorFactories(before).filter((name) => name.includes('plain'))).toEqual([]);

    const after = made({
      'src/entities/gadget/index.ts': "export { createThing } from './model/thing';\n",
      'src/entities/gadget/model/thing.ts': factory,
    });
    expect(effectorFactories(after)).toContain('@/entities/gadget');
    expect(effectorFactories(after)).not.toContain('@/entities/thing');
  });
});
