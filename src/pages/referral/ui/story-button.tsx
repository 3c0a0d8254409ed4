import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useT } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { $supported, buttonMounted, storyClicked } from '../model/story';

/** Share to story: shown on Telegram 7.8 or later only. */
export function StoryButton() {
  const [supported, mounted, share] = useUnit([$supported, buttonMounted, storyClicked]);
  const t = useT();
  useEffect(() => mounted(), [mounted]);
  if (!supported) return null;
  return (
    <Button size="s" variant="secondary" stretched={false} onClick={() => share()}>
      {t('story.share')}
    </Button>
  );
}
