import type { UseQueryResult } from '@tanstack/react-query';
import { Download, FileDown, Printer } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-dialog';
import { ListState } from '../../../components/ui/list-state';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import { formatDay, today } from '../format';
import { formatMoney } from '../money';
import type { StatementFile, VendorStatement } from '../payment-management-api';
import { PrintDialog } from '../print/print-dialog';

// On a phone the memo moves under the entry and the running balance under the amount, so the table fits the
// screen without scrolling sideways.
const CELL = 'px-2 py-2 sm:px-3';
const WIDE_ONLY = 'hidden px-3 py-2 sm:table-cell';
const AMOUNT = 'whitespace-nowrap px-2 py-2 text-end tabular-nums sm:px-3';

/** The date range of a statement: from the first of January to today; `error` while `to` is before `from`. */
export interface StatementRange {
  from: string;
  to: string;
  setFrom: (v: string) => void;
  setTo: (v: string) => void;
  error: string | undefined;
}

export function useStatementRange(): StatementRange {
  const { t } = useI18n();
  const [from, setFrom] = useState(() => `${today().slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const error = from && to && to < from ? t('pay.check.validTo') : undefined;
  return { from, to, setFrom, setTo, error };
}

/**
 * A vendor's statement for a date range: the balance before it, every ledger entry in it with the running
 * balance, and the balance at its end (> 0: the vendor owes the market). CSV and PDF (in the screen's language)
 * from the server; the print view prints it. The caller loads the statement and the file (staff by vendor id, the
 * vendor portal its own), so both read the same table.
 */
export function StatementPanel({
  range,
  statement,
  download,
  showTitle = true,
}: {
  range: StatementRange;
  statement: UseQueryResult<VendorStatement>;
  download: (file: StatementFile) => Promise<void>;
  /** Off where the page already names the statement (a card's heading). */
  showTitle?: boolean;
}) {
  const { t, language } = useI18n();
  const [printing, setPrinting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const { from, to, setFrom, setTo, error: rangeError } = range;
  const s = statement.data;
  const money = (n: number) => formatMoney(n, s?.currency, language);

  const save = async (format: StatementFile['format']) => {
    setDownloading(true);
    try {
      await download({ format, language });
    } catch (e) {
      toast.error(t('pay.statement.downloadFailed'), { description: errorMessage(t, e) });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section
      aria-labelledby={showTitle ? 'statement-title' : undefined}
      aria-label={showTitle ? undefined : t('pay.statement.title')}
      className="flex min-w-0 flex-col gap-3"
      data-testid="vendor-statement"
    >
      {showTitle && (
        <h3 id="statement-title" className="font-medium">
          {t('pay.statement.title')}
        </h3>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <TextField label={t('pay.statement.from')} type="date" value={from} onValueChange={setFrom} className="w-40" />
        <TextField label={t('pay.statement.to')} type="date" value={to} onValueChange={setTo} className="w-40" error={rangeError} />
        <Button variant="outline" size="sm" onClick={() => void save('csv')} disabled={downloading || !!rangeError}>
          <Download className="size-3.5" aria-hidden />
          {t('pay.statement.csv')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => void save('pdf')} disabled={downloading || !!rangeError}>
          <FileDown className="size-3.5" aria-hidden />
          {t('pay.statement.pdf')}
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
          <table className="w-full text-sm sm:min-w-[40rem]">
            <caption className="sr-only">{t('pay.statement.title')}</caption>
            <thead className="bg-muted/50">
              <tr>
                <th className={`${CELL} text-start font-medium`}>{t('pay.statement.date')}</th>
                <th className={`${CELL} text-start font-medium`}>{t('pay.statement.entry')}</th>
                <th className={`${WIDE_ONLY} text-start font-medium`}>{t('pay.statement.memo')}</th>
                <th className={`${CELL} text-end font-medium`}>{t('pay.line.amount')}</th>
                <th className={`${WIDE_ONLY} text-end font-medium`}>{t('pay.statement.running')}</th>
              </tr>
            </thead>
            <tbody>
              <tr className="border-t font-medium">
                <td className={CELL} colSpan={5}>
                  <span className="flex justify-between gap-3">
                    <span>{t('pay.statement.opening')}</span>
                    <span className="whitespace-nowrap tabular-nums" data-testid="statement-opening">
                      {money(s.openingBalance)}
                    </span>
                  </span>
                </td>
              </tr>
              {s.entries.length === 0 && (
                <tr className="border-t">
                  <td className={`${CELL} text-muted-foreground`} colSpan={5}>
                    {t('pay.statement.empty')}
                  </td>
                </tr>
              )}
              {s.entries.map((e) => (
                <tr key={e.id} className="border-t align-top">
                  <td className={`${CELL} whitespace-nowrap`}>{formatDay(e.occurredOn, language)}</td>
                  <td className={CELL}>
                    {t(`pay.entry.${e.entryType}`)}
                    {e.document && (
                      <>
                        {' '}
                        <span dir="ltr" className="whitespace-nowrap text-muted-foreground">
                          {e.document}
                        </span>
                      </>
                    )}
                    {e.memo && (
                      <span className="block text-xs text-muted-foreground sm:hidden" dir="auto">
                        {e.memo}
                      </span>
                    )}
                  </td>
                  <td className={WIDE_ONLY} dir="auto">
                    {e.memo}
                  </td>
                  <td className={AMOUNT}>
                    {money(e.amount)}
                    <span className="block text-xs text-muted-foreground sm:hidden">{money(e.runningBalance)}</span>
                  </td>
                  <td className={`${WIDE_ONLY} whitespace-nowrap text-end tabular-nums`}>{money(e.runningBalance)}</td>
                </tr>
              ))}
              <tr className="border-t font-semibold">
                <td className={CELL} colSpan={5}>
                  <span className="flex justify-between gap-3">
                    <span>{t('pay.statement.closing')}</span>
                    <span className="whitespace-nowrap tabular-nums" data-testid="statement-closing">
                      {money(s.closingBalance)}
                    </span>
                  </span>
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
