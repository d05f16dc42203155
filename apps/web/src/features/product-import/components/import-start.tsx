import { useT } from '../../../app/i18n/i18n-provider';
import { ImportHistory } from './import-history';
import { ImportUploadZone } from './import-upload-zone';

/** The start of the area: the upload, then the history of imports. */
export function ImportStart({ onOpen }: { onOpen: (id: string) => void }) {
  const t = useT();
  return (
    <section className="flex min-w-0 flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold">{t('route.productImport')}</h1>
        <p className="max-w-3xl text-sm text-muted-foreground">{t('productImport.subtitle')}</p>
      </header>
      <ImportUploadZone onUploaded={onOpen} />
      <ImportHistory onOpen={onOpen} />
    </section>
  );
}
