import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';

/** Saves a document the server writes as a PDF in the screen's language (staff and the vendor portal alike). */
export function DownloadPdfButton({ download, disabled }: { download: (language: string) => Promise<void>; disabled?: boolean }) {
  const { t, language } = useI18n();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await download(language);
    } catch (e) {
      toast.error(t('pay.invoice.pdfFailed'), { description: errorMessage(t, e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="outline" onClick={() => void save()} disabled={disabled || busy} aria-busy={busy || undefined}>
      <FileDown className="size-4" aria-hidden />
      {t('pay.invoice.pdf')}
    </Button>
  );
}
