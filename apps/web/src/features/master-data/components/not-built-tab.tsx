import { Construction } from 'lucide-react';
import { useT } from '../../../app/i18n/i18n-provider';

/** The one empty state of every catalogue list that is not built yet: says so, shows no data. */
export function NotBuiltTab({ area }: { area: string }) {
  const t = useT();
  return (
    <div data-testid="not-built" className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center">
      <Construction className="size-8 text-muted-foreground" aria-hidden />
      <p className="font-medium">{t('page.notAvailable', { area })}</p>
      <p className="max-w-md text-sm text-muted-foreground">{t('masterData.notBuilt')}</p>
    </div>
  );
}
