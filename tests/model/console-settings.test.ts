import { allSettled } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { consoleSettingsModel } from '@console/pages/settings';
import type { OperatorSettings } from '@console/shared/api';
import { $consoleLocale } from '@console/shared/i18n';
import { httpFailure, openConsole, signedInConsole } from './console-scope';

const {
  settingsGetFx,
  settingsSetFx,
  fieldChanged,
  saveClicked,
  saveAction,
  $problems,
  $serverProblem,
  $form,
  $notice,
  settings,
} = consoleSettingsModel;

const stored: OperatorSettings = {
  maintenance: false,
  collective_bonus: 0.5,
  withdraw_fee_percent: 2,
  withdraw_network_fee: '0.05',
  withdraw_min_receive: '1',
  payouts_paused: false,
};

async function open(
  set = vi.fn(async ({ body }: { body: Partial<OperatorSettings> }) => ({ ...stored, ...body })),
  locale: 'en' | 'ru' = 'en',
) {
  const scope = signedInConsole(
    [
      [settingsGetFx, async () => stored],
      [settingsSetFx, set],
    ],
    [[$consoleLocale, locale]],
  );
  await openConsole(scope, '/settings');
  return { scope, set };
}

describe('console: settings', () => {
  it('the form starts from the stored settings', async () => {
    const { scope } = await open();
    expect(scope.getState($form)).toEqual({ feePercent: '2', networkFee: '0.05', minReceive: '1' });
  });

  // The fields read either mark; they show the operator's language's, as every figure around them does.
  it('in Russian the form starts with a decimal comma, and saves what was typed', async () => {
    const { scope, set } = await open(undefined, 'ru');
    expect(scope.getState($form)).toEqual({ feePercent: '2', networkFee: '0,05', minReceive: '1' });
    await allSettled(fieldChanged, { scope, params: { networkFee: '0,07', feePercent: '2,5' } });
    await allSettled(saveClicked, { scope });
    await allSettled(saveAction.confirmed, { scope });
    expect(set).toHaveBeenCalledWith(
      expect.objectContaining({ body: { withdraw_fee_percent: 2.5, withdraw_network_fee: '0.07' } }),
    );
    expect(scope.getState($form)).toEqual({ feePercent: '2,5', networkFee: '0,07', minReceive: '1' });
  });

  it('each rule is checked before saving: fee 0 ≤ p < 100, network fee ≥ 0, minimum > 0', async () => {
    const { scope, set } = await open();
    await allSettled(fieldChanged, { scope, params: { feePercent: '100', networkFee: '-1', minReceive: '0' } });
    await allSettled(saveClicked, { scope });
    expect(scope.getState($problems)).toEqual({
      feePercent: 'settings.feeInvalid',
      networkFee: 'settings.networkFeeInvalid',
      minReceive: 'settings.minReceiveInvalid',
    });
    expect(scope.getState(saveAction.$asking)).toBeNull();
    expect(set).not.toHaveBeenCalled();
    // Editing clears what was said until Save is pressed again.
    await allSettled(fieldChanged, { scope, params: { feePercent: '99.5' } });
    expect(scope.getState($problems)).toEqual({});
  });

  it('nothing changed → nothing to save, said once', async () => {
    const { scope, set } = await open();
    await allSettled(saveClicked, { scope });
    expect(scope.getState($notice)).toBe('settings.unchanged');
    expect(scope.getState($problems)).toEqual({});
    expect(set).not.toHaveBeenCalled();
  });

  it('a saved change says "Settings saved" and nothing else (the form now equals the stored settings)', async () => {
    const { scope } = await open();
    await allSettled(fieldChanged, { scope, params: { feePercent: '3' } });
    await allSettled(saveClicked, { scope });
    await allSettled(saveAction.confirmed, { scope });
    expect(scope.getState($notice)).toBe('settings.saved');
    expect(scope.getState($problems)).toEqual({});
    // Save again with nothing changed: now only "Nothing changed".
    await allSettled(saveClicked, { scope });
    expect(scope.getState($notice)).toBe('settings.unchanged');
    // Editing clears it.
    await allSettled(fieldChanged, { scope, params: { feePercent: '4' } });
    expect(scope.getState($notice)).toBeNull();
  });

  it('a valid change asks first, then sends only what changed (network fee 0 is allowed)', async () => {
    const { scope, set } = await open();
    await allSettled(fieldChanged, { scope, params: { feePercent: '2,5', networkFee: '0' } });
    await allSettled(saveClicked, { scope });
    expect(set).not.toHaveBeenCalled();
    expect(scope.getState(saveAction.$asking)).toEqual({ withdraw_fee_percent: 2.5, withdraw_network_fee: '0' });
    await allSettled(saveAction.confirmed, { scope });
    expect(set).toHaveBeenCalledExactlyOnceWith({ body: { withdraw_fee_percent: 2.5, withdraw_network_fee: '0' } });
    expect(scope.getState(settings.$data)?.withdraw_fee_percent).toBe(2.5);
  });

  it("the server's 422 is shown under the form", async () => {
    const set = vi.fn(async () => {
      throw httpFailure(422, 'withdraw_min_receive must cover the network fee');
    });
    const { scope } = await open(set);
    await allSettled(fieldChanged, { scope, params: { minReceive: '0.01' } });
    await allSettled(saveClicked, { scope });
    await allSettled(saveAction.confirmed, { scope });
    expect(scope.getState($serverProblem)).toBe('withdraw_min_receive must cover the network fee');
  });
});
