import { Construction } from 'lucide-react';
import { useT } from '../app/i18n/i18n-provider';

/** A plain page for an area that is not built yet: it names the area and shows no data. */
export default function NotAvailablePage({ titleKey }: { titleKey: string }) {
  const t = useT();
  const area = t(titleKey);
  return (
    <section className="flex flex-col gap-4" data-testid="not-available">
      <h1 className="text-2xl font-semibold">{area}</h1>
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center">
        <Construction className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t('page.notAvailable', { area })}</p>
        <p className="max-w-md text-sm text-muted-foreground">{t('page.notAvailableDescription')}</p>
      </div>
    </section>
  );
}
