import { useT } from '@/shared/i18n';
import { Page } from '@/shared/ui/page';
import { FarmingLinkMaker } from '@/widgets/farming-link-maker';

/** A farming link paid from the task balance (docs/product.md §2). */
export function TasksFarmingPage() {
  return (
    <Page title={useT()('tasks.farmingTitle')}>
      <FarmingLinkMaker />
    </Page>
  );
}
