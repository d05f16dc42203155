import type { ImportPhase } from '@market/contracts/plain';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import { downloadImportErrors } from '../product-import-api';

/** Downloads the CSV of the rows that failed in a phase (their original columns and a Reason), to fix and upload again. */
export function ImportErrorFileButton({ importId, phase }: { importId: string; phase: ImportPhase }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadImportErrors(importId, phase);
    } catch (e) {
      toast.error(t('productImport.download.failed'), { description: errorMessage(t, e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void download()} disabled={busy} aria-busy={busy}>
      <FileDown className="size-4" aria-hidden />
      {busy ? t('productImport.download.preparing') : t('productImport.download.errors')}
    </Button>
  );
}
