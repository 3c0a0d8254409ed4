import { useUnit } from 'effector-react';
import { $locale, $t } from './model';

/** The current language's translator: `const t = useT(); t('mint.create')`. */
export const useT = () => useUnit($t);

/** The current language, for what the catalogue does not cover (dates). */
export const useLocale = () => useUnit($locale);
