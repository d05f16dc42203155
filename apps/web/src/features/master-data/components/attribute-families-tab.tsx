import { useT } from '../../i18n/i18n-provider';
import { NotBuiltTab } from './not-built-tab';

/** Placeholder until this list is built: it says so and shows no data. */
export function AttributeFamiliesTab() {
  const t = useT();
  return <NotBuiltTab area={t('masterData.tab.attribute-families')} />;
}
