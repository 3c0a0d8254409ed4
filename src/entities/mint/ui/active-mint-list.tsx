import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { $activeMints } from '../model/mints';
import { MintCard } from './mint-card';

/** Paid mints running toward maturity, newest first; `empty` shows when there are none. */
export function ActiveMintList({ empty = null }: { empty?: ReactNode }) {
  const mints = useUnit($activeMints);
  if (mints.length === 0) return <>{empty}</>;
  return (
    <>
      {mints.map((mint) => (
        <MintCard key={mint.id} mint={mint} />
      ))}
    </>
  );
}
