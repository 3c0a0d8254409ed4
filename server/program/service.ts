/**
 * The program's rules in one answer, for the Info sheet (docs/product.md §2): each domain says its own figures;
 * this one only puts them together.
 */
import type { ProgramRules } from '@contract';
import type { Deps } from '../deps';
import { listPlans } from '../mint/service';
import { referralTiers } from '../referral/service';
import { stakingRules } from '../staking/service';

export async function programRules(deps: Pick<Deps, 'db' | 'bus' | 'config'>): Promise<ProgramRules> {
  return { plans: await listPlans(deps), staking: stakingRules(), referral_tiers: referralTiers() };
}
