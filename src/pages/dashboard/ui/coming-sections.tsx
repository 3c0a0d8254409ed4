import { useT } from '@/shared/i18n';
import { EmptyState } from '@/shared/ui/empty-state';
import { Icon } from '@/shared/ui/icon';
import { Section } from '@/shared/ui/section';

/** Later issues fill these sections; until then each says what it will hold. */
function ComingSection({ title, text }: { title: string; text: string }) {
  return (
    <Section plain label={title}>
      <EmptyState icon={<Icon name="clock" />} title={title} text={text} />
    </Section>
  );
}

export function SellSection() {
  const t = useT();
  return <ComingSection title={t('dashboard.sell')} text={t('dashboard.sellSoon')} />;
}
