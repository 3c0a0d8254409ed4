import type { Migration } from '../types';

export const migration: Migration = {
  id: '0033_notification_public_ids',
  sql: /* sql */ `
    -- The bot names a mint and a stake by its public id (mints.mint_id, stakes.staking_id), as the app
    -- does, not by the row's id (docs/decisions.md "Names and ids"): the notifications written before
    -- carry the row's id only, so each gets its code from the row it names.
    UPDATE notifications n SET params = n.params || jsonb_build_object('code', m.mint_id)
      FROM mints m
     WHERE n.kind = 'mint_active' AND n.params->>'code' IS NULL AND m.id = (n.params->>'mint_id')::int;
    UPDATE notifications n SET params = n.params || jsonb_build_object('code', s.staking_id)
      FROM stakes s
     WHERE n.kind = 'stake_completed' AND n.params->>'code' IS NULL AND s.id = (n.params->>'stake_id')::int;
  `,
};
