import { Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../components/ui/menu';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { downloadExport } from '../products-api';
import { errorMessage } from '../../../lib/api-errors';

/** Export of every product matching the filters (or only `ids`), as CSV or XLSX; says "Preparing…" while the file is made. */
export function ExportMenu({ query, ids, label }: { query: Record<string, string | undefined>; ids?: string[]; label: string }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      await downloadExport(query, format, ids);
      toast.success(t('products.export.done'));
    } catch (e) {
      toast.error(t('products.export.failed'), { description: errorMessage(t, e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={busy} aria-busy={busy}>
          {busy ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : <Download className="size-3.5" aria-hidden />}
          {busy ? t('products.export.preparing') : label}
        </Button>
      </MenuTrigger>
      <MenuContent>
        <MenuItem onSelect={() => void run('csv')}>{t('products.export.csv')}</MenuItem>
        <MenuItem onSelect={() => void run('xlsx')}>{t('products.export.xlsx')}</MenuItem>
      </MenuContent>
    </Menu>
  );
}
