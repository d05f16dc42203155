import { Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-dialog';
import { ListState } from '../../../components/ui/list-state';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import { formatDay, today } from '../format';
import { formatMoney } from '../money';
import { downloadStatement, useVendorStatement } from '../payment-management-api';
import { PrintDialog } from '../print/print-dialog';

/**
 * A vendor's statement for a date range: the balance before it, every ledger entry in it with the running
 * balance, and the balance at its end (> 0: the vendor owes the market). CSV from the server; the PDF is the
 * browser's "Save as PDF" of the print view.
 */
export default function VendorLedgerStatement({ vendorId }: { vendorId: string }) {
  const { t, language } = useI18n();
  const [from, setFrom] = useState(() => `${today().slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [printing, setPrinting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const rangeError = from && to && to < from ? t('pay.check.validTo') : undefined;
  const statement = useVendorStatement(vendorId, rangeError ? '' : from, rangeError ? '' : to);
  const s = statement.data;
  const money = (n: number) => formatMoney(n, s?.currency, language);

  const csv = async () => {
    setDownloading(true);
    try {
      await downloadStatement(vendorId, from, to);
    } catch (e) {
      toast.error(t('pay.statement.downloadFailed'), { description: errorMessage(t, e) });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby="statement-title" className="flex flex-col gap-3" data-testid="vendor-statement">
      <h3 id="statement-title" className="font-medium">
        {t('pay.statement.title')}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <TextField label={t('pay.statement.from')} type="date" value={from} onValueChange={setFrom} className="w-40" />
        <TextField label={t('pay.statement.to')} type="date" value={to} onValueChange={setTo} className="w-40" error={rangeError} />
        <Button variant="outline" size="sm" onClick={() => void csv()} disabled={downloading || !!rangeError}>
          <Download className="size-3.5" aria-hidden />
          {t('pay.statement.csv')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setPrinting(true)} disabled={!s}>
          <Printer className="size-3.5" aria-hidden />
          {t('pay.statement.print')}
        </Button>
      </div>
      <ListState
        loading={statement.isPending}
        error={statement.error}
        empty={false}
        loadingLabel={t('common.loading')}
        errorLabel={t('pay.statement.failed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void statement.refetch()}
        emptyContent={null}
      />
      {s && (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">{t('pay.statement.title')}</caption>
            <thead className="bg-muted/50">
              <tr>
                <th className="px-3 py-2 text-start font-medium">{t('pay.statement.date')}</th>
                <th className="px-3 py-2 text-start font-medium">{t('pay.statement.entry')}</th>
                <th className="px-3 py-2 text-start font-medium">{t('pay.statement.memo')}</th>
                <th className="px-3 py-2 text-end font-medium">{t('pay.line.amount')}</th>
                <th className="px-3 py-2 text-end font-medium">{t('pay.statement.running')}</th>
              </tr>
            </thead>
            <tbody>
              <tr className="border-t font-medium">
                <td className="px-3 py-2" colSpan={4}>
                  {t('pay.statement.opening')}
                </td>
                <td className="px-3 py-2 text-end tabular-nums" data-testid="statement-opening">
                  {money(s.openingBalance)}
                </td>
              </tr>
              {s.entries.length === 0 && (
                <tr className="border-t">
                  <td className="px-3 py-2 text-muted-foreground" colSpan={5}>
                    {t('pay.statement.empty')}
                  </td>
                </tr>
              )}
              {s.entries.map((e) => (
                <tr key={e.id} className="border-t">
                  <td className="px-3 py-2">{formatDay(e.occurredOn, language)}</td>
                  <td className="px-3 py-2">
                    {t(`pay.entry.${e.entryType}`)}
                    {e.document && (
                      <span dir="ltr" className="ms-1 text-muted-foreground">
                        {e.document}
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2" dir="auto">
                    {e.memo}
                  </td>
                  <td className="px-3 py-2 text-end tabular-nums">{money(e.amount)}</td>
                  <td className="px-3 py-2 text-end tabular-nums">{money(e.runningBalance)}</td>
                </tr>
              ))}
              <tr className="border-t font-semibold">
                <td className="px-3 py-2" colSpan={4}>
                  {t('pay.statement.closing')}
                </td>
                <td className="px-3 py-2 text-end tabular-nums" data-testid="statement-closing">
                  {money(s.closingBalance)}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      )}
      {printing && s && <PrintDialog target={{ kind: 'statement', statement: s }} onClose={() => setPrinting(false)} />}
    </section>
  );
}
