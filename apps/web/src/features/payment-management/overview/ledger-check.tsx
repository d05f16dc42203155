import type { paymentManagementRoutes as r } from '@market/contracts';
import { CheckCircle2, Loader2, Scale, TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import { formatMoney } from '../money';
import { useLedgerCheck } from '../payment-management-mutations';

type Disagreement = r.LedgerConsistency['disagreements'][number];

/** The document a person knows: its number, else its kind and the start of its id. */
function documentOf(t: (key: string) => string, d: Disagreement): string {
  return d.document ?? `${t(`pay.ledgerCheck.entity.${d.entityType}`)} ${d.entityId.slice(0, 8)}`;
}

/**
 * The admin action of the consistency check (issue 16): recomputes invoices from their lines, payments, refunds
 * and adjustments, compares them with the ledger, and lists each disagreement by kind and document.
 */
export function LedgerCheck({ currency }: { currency: string | null }) {
  const { t, language } = useI18n();
  const check = useLedgerCheck();
  const report = check.data;
  const money = (n: number | null) => (n === null ? '—' : formatMoney(n, currency, language));

  return (
    <section className="flex flex-col gap-3 rounded-lg border bg-card p-4" aria-labelledby="ledger-check-title" data-testid="ledger-check">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <h2 id="ledger-check-title" className="flex items-center gap-2 font-medium">
            <Scale className="size-4" aria-hidden />
            {t('pay.ledgerCheck.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('pay.ledgerCheck.description')}</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => check.mutate()} disabled={check.isPending} aria-busy={check.isPending}>
          {check.isPending && <Loader2 className="size-3.5 animate-spin" aria-hidden />}
          {check.isPending ? t('pay.ledgerCheck.running') : t('pay.ledgerCheck.run')}
        </Button>
      </div>

      <div aria-live="polite" className="flex flex-col gap-2 text-sm">
        {check.error && (
          <p role="alert" className="text-destructive">
            {t('pay.ledgerCheck.failed')} {errorMessage(t, check.error)}
          </p>
        )}
        {report && !check.isPending && (
          <>
            <p className="text-muted-foreground" data-testid="ledger-check-counts">
              {t('pay.ledgerCheck.counts', {
                invoices: report.invoicesChecked,
                payments: report.paymentsChecked,
                entries: report.entriesChecked,
              })}
            </p>
            {report.disagreements.length === 0 ? (
              <p className="flex items-center gap-2 font-medium text-emerald-700 dark:text-emerald-400">
                <CheckCircle2 className="size-4" aria-hidden />
                {t('pay.ledgerCheck.agree')}
              </p>
            ) : (
              <>
                <p className="flex items-center gap-2 font-medium text-destructive">
                  <TriangleAlert className="size-4" aria-hidden />
                  {t('pay.ledgerCheck.found', { count: report.disagreements.length })}
                </p>
                <div className="overflow-x-auto">
                  <table className="w-full min-w-[36rem] text-sm">
                    <caption className="sr-only">{t('pay.ledgerCheck.caption')}</caption>
                    <thead>
                      <tr className="border-b text-start text-xs text-muted-foreground">
                        <th scope="col" className="p-2 text-start font-medium">
                          {t('pay.ledgerCheck.col.kind')}
                        </th>
                        <th scope="col" className="p-2 text-start font-medium">
                          {t('pay.ledgerCheck.col.document')}
                        </th>
                        <th scope="col" className="p-2 text-end font-medium">
                          {t('pay.ledgerCheck.col.expected')}
                        </th>
                        <th scope="col" className="p-2 text-end font-medium">
                          {t('pay.ledgerCheck.col.actual')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {report.disagreements.map((d, i) => (
                        <tr key={`${d.kind}-${d.entityId}-${i}`} className="border-b last:border-0" data-testid="ledger-disagreement">
                          <th scope="row" className="p-2 text-start font-normal">
                            {t(`pay.ledgerCheck.kind.${d.kind}`)}
                          </th>
                          <td className="p-2">
                            <span dir="ltr">{documentOf(t, d)}</span>
                          </td>
                          <td className="p-2 text-end tabular-nums">
                            <span dir="ltr">{money(d.expected)}</span>
                          </td>
                          <td className="p-2 text-end tabular-nums">
                            <span dir="ltr">{money(d.actual)}</span>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </>
        )}
      </div>
    </section>
  );
}
