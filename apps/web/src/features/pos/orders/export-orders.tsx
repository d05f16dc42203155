import { Download, Loader2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import { posRoutes } from '@market/contracts/plain';
import { apiUrl } from '../../../lib/api';
import { downloadFile } from '../../payment-management';
import { fetchAllOrders, orderQuery, type OrderFilters } from './orders-api';
import { ordersCsv, saveText } from './orders-csv';

const todayStamp = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * Exports every order the filters match. CSV is made in the browser, with headers and labels in the reader's
 * language: the list is read page by page (the count so far is shown, and the export can be stopped), then saved
 * as UTF-8 with a BOM so Excel reads Arabic correctly. XLSX is the server's file of the same filters.
 */
export function ExportOrdersButton({ filters, currency }: { filters: OrderFilters; currency: string | null }) {
  const { t } = useI18n();
  const [count, setCount] = useState<number | null>(null);
  const [sheet, setSheet] = useState(false);
  const xlsx = async () => {
    setSheet(true);
    try {
      await downloadFile(apiUrl(posRoutes.exportOrders.path, undefined, { ...orderQuery(filters), format: 'xlsx' }), 'orders.xlsx');
    } catch (e) {
      toast.error(t('orders.export.failed'), { description: errorMessage(t, e) });
    } finally {
      setSheet(false);
    }
  };
  const abort = useRef<AbortController | null>(null);

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setCount(0);
    try {
      const orders = await fetchAllOrders(filters, setCount, controller.signal);
      saveText(ordersCsv(orders, t, currency), `orders-${todayStamp()}.csv`);
      toast.success(t('orders.export.done', { count: orders.length }));
    } catch (e) {
      if (!controller.signal.aborted) toast.error(t('orders.export.failed'), { description: errorMessage(t, e) });
    } finally {
      abort.current = null;
      setCount(null);
    }
  };

  if (count !== null) {
    return (
      <div className="flex items-center gap-2 text-sm" role="status" data-testid="export-progress">
        <Loader2 className="size-4 animate-spin" aria-hidden />
        <span>{t('orders.export.progress', { count })}</span>
        <Button variant="ghost" size="sm" onClick={() => abort.current?.abort()}>
          {t('orders.export.stop')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={() => void run()}>
        <Download className="size-4" aria-hidden />
        {t('orders.export.csv')}
      </Button>
      <Button variant="outline" size="sm" onClick={() => void xlsx()} disabled={sheet} aria-busy={sheet}>
        {sheet ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Download className="size-4" aria-hidden />}
        {t('orders.export.xlsx')}
      </Button>
    </div>
  );
}
