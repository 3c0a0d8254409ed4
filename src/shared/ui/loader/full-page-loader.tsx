import { useT } from '../../i18n';
import './full-page-loader.css';

/** The manifest's icon (public/icon.png): the same mark the wallet shows for the app. */
const LOGO_URL = '/icon.png';
export const APP_NAME = 'TON Token';

/**
 * docs/product.md §2: shown until the data the app needs is ready — the app's mark and name, and a quiet spinner.
 * index.html starts with the same markup (in English), so the loader shows before the app's code has
 * loaded.
 */
export function FullPageLoader() {
  const t = useT();
  return (
    <div
      className="full-page-loader"
      role="progressbar"
      aria-label={t('common.loading')}
      data-testid="full-page-loader"
    >
      <img className="full-page-loader__logo" src={LOGO_URL} alt="" width={88} height={88} />
      <span className="full-page-loader__name">{APP_NAME}</span>
      <span className="full-page-loader__spinner" aria-hidden />
    </div>
  );
}
