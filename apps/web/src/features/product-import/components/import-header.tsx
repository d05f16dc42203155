import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import { formatBytes, formatMoment } from '../import-format';
import { downloadImportFile, type ImportDetail } from '../product-import-api';
import { ImportStateBadge } from './import-badges';

/** The import's file name and state, who uploaded it when, its profile, the import it retries, and the original file. */
export function ImportHeader({ detail: d, onOpen }: { detail: ImportDetail; onOpen: (id: string) => void }) {
  const { t, language } = useI18n();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadImportFile(d.id, d.fileName);
    } catch (e) {
      toast.error(t('productImport.download.failed'), { description: errorMessage(t, e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-sm text-muted-foreground">{t('route.productImport')}</p>
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold">
          <span className="min-w-0 break-all" dir="auto">
            {d.fileName}
          </span>
          <ImportStateBadge state={d.state} stalled={d.stalled} />
        </h1>
        <p className="text-sm text-muted-foreground">
          {t('productImport.header.uploaded', {
            who: d.createdBy?.name ?? t('productImport.header.someone'),
            when: formatMoment(d.createdAt, language),
            size: formatBytes(d.fileSize, language, t),
          })}
          {d.profileName && <> · {t('productImport.header.profile', { name: d.profileName })}</>}
        </p>
        {d.sourceImportId && (
          <p className="text-sm">
            <button type="button" className="text-primary hover:underline" onClick={() => onOpen(d.sourceImportId!)}>
              {t('productImport.header.retryOf')}
            </button>
          </p>
        )}
      </div>
      <Button variant="outline" size="sm" onClick={() => void download()} disabled={busy} aria-busy={busy}>
        <Download className="size-4" aria-hidden />
        {t('productImport.header.original')}
      </Button>
    </header>
  );
}
