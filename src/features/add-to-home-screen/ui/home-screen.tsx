import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useT } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/section';
import { $offerShown, $status, addClicked, notNowClicked, offerMounted, rowMounted } from '../model/home-screen';
import styles from './home-screen.module.css';

/** The dashboard's one-time offer (the model decides whether it shows). */
export function HomeScreenOffer() {
  const [shown, mounted, add, notNow] = useUnit([$offerShown, offerMounted, addClicked, notNowClicked]);
  const t = useT();
  useEffect(() => mounted(), [mounted]);
  if (!shown) return null;
  return (
    <Card className={styles.offer} data-testid="home-screen-offer">
      <p className={styles.title}>{t('homeScreen.title')}</p>
      <p className={styles.text}>{t('homeScreen.text')}</p>
      <div className={styles.actions}>
        <Button size="s" stretched={false} onClick={() => add()}>
          {t('homeScreen.add')}
        </Button>
        <Button size="s" stretched={false} variant="secondary" onClick={() => notNow()}>
          {t('homeScreen.notNow')}
        </Button>
      </div>
    </Card>
  );
}

/** The Info sheet's row: always there while Telegram can add the shortcut (8.0+, not unsupported). */
export function HomeScreenRow() {
  const [status, mounted, add] = useUnit([$status, rowMounted, addClicked]);
  const t = useT();
  useEffect(() => mounted(), [mounted]);
  if (status === null || status === 'unsupported') return null;
  return (
    <div className={styles.row} data-testid="home-screen-row">
      <span>{t('homeScreen.title')}</span>
      {status === 'added' ? (
        <span className={styles.text}>{t('homeScreen.added')}</span>
      ) : (
        <Button size="s" stretched={false} variant="secondary" onClick={() => add()}>
          {t('homeScreen.add')}
        </Button>
      )}
    </div>
  );
}
