import { InfoButton } from '@/features/program-info';
import { useT } from '@/shared/i18n';
import { Page } from '@/shared/ui/page';
import { WalletPanel } from '@/widgets/wallet-panel';
import { ActiveMints } from './active-mints';
import { CancelMintModal } from './cancel-mint-modal';
import { MintForm } from './mint-form';
import { PendingMint } from './pending-mint';

/**
 * Mint: connect a wallet, pick a plan and an amount, create the mint and pay it from the
 * wallet; the unpaid mint waits above the active ones for its 3 minutes (docs/product.md §4).
 */
export function MintPage() {
  const t = useT();
  return (
    <Page title={t('mint.title')} action={<InfoButton />}>
      <WalletPanel />
      <MintForm />
      <PendingMint />
      <ActiveMints />
      <CancelMintModal />
    </Page>
  );
}
