import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ListState } from '../../../components/ui/list-state';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatDay, localText } from '../format';
import { formatMoney } from '../money';
import { useAssignmentFees } from '../payment-management-api';
import { DeclaredSales } from './declared-sales';
import { IssueAssignmentInvoicesDialog } from './issue-dialogs';

/**
 * What the fee rules in force when the request was accepted charge this booking, with the sales declared for
 * its day, and the invoices it would make (one, or a deposit and a balance); "Issue invoice(s)" makes them while
 * the booking has none standing.
 */
export function FeesPreview({ assignmentId, bookingCancelled = false }: { assignmentId: string; bookingCancelled?: boolean }) {
  const { t, language } = useI18n();
  const [issuing, setIssuing] = useState(false);
  const fees = useAssignmentFees(assignmentId, null);
  const f = fees.data;
  const standing = f?.invoices.filter((i) => i.status !== 'cancelled') ?? [];
  const money = (n: number) => formatMoney(n, f?.currency, language);

  return (
    <section aria-labelledby="fees-title" className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid="fees-preview">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="fees-title" className="font-medium">
          {t('pay.fees.title')}
        </h2>
        {f && standing.length === 0 && f.currency && f.lines.length > 0 && (
          <Button size="sm" onClick={() => setIssuing(true)}>
            <FileText className="size-4" aria-hidden />
            {t('pay.fees.issue')}
          </Button>
        )}
      </div>
      <ListState
        loading={fees.isPending}
        error={fees.error}
        empty={false}
        loadingLabel={t('common.loading')}
        errorLabel={t('pay.fees.failed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void fees.refetch()}
        emptyContent={null}
      />
      {f && (
        <>
          <p className="text-sm text-muted-foreground">
            {f.acceptedAt ? t('pay.fees.pricedOn', { date: formatDay(f.pricedOn, language) }) : t('pay.fees.pricedToday')}
          </p>
          {!f.currency && (
            <p role="alert" className="rounded-md border border-amber-500/50 bg-amber-500/10 p-2 text-sm">
              {t('pay.fees.noCurrency')}
            </p>
          )}
          <DeclaredSales fees={f} bookingCancelled={bookingCancelled} />
          {f.lines.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('pay.fees.noLines')}</p>
          ) : (
            <table className="w-full text-sm">
              <caption className="sr-only">{t('pay.fees.title')}</caption>
              <thead className="text-muted-foreground">
                <tr>
                  <th className="py-1 text-start font-medium">{t('pay.line.description')}</th>
                  <th className="py-1 text-end font-medium">{t('pay.line.quantity')}</th>
                  <th className="py-1 text-end font-medium">{t('pay.line.unit')}</th>
                  <th className="py-1 text-end font-medium">{t('pay.line.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {f.lines.map((l, i) => (
                  <tr key={i} className="border-t">
                    <td className="py-1">{localText(language, l.descriptionEn, l.descriptionAr)}</td>
                    <td className="py-1 text-end tabular-nums">{l.quantity}</td>
                    <td className="py-1 text-end tabular-nums">{money(l.unitAmount)}</td>
                    <td className="py-1 text-end tabular-nums">{money(l.amount)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t font-medium">
                  <td className="py-1" colSpan={3}>
                    {t('pay.total')}
                  </td>
                  <td className="py-1 text-end tabular-nums" data-testid="fees-total">
                    {money(f.total)}
                  </td>
                </tr>
              </tfoot>
            </table>
          )}
          {f.schedule.length > 0 && standing.length === 0 && (
            <ul className="flex flex-col gap-1 text-sm">
              {f.schedule.map((s, i) => (
                <li key={i}>
                  {t('pay.fees.scheduled', {
                    kind: t(`pay.kind.${s.kind}`),
                    amount: money(s.amount),
                    date: formatDay(s.dueDate, language),
                  })}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {issuing && f && (
        <IssueAssignmentInvoicesDialog assignmentId={assignmentId} count={f.schedule.length} onClose={() => setIssuing(false)} />
      )}
    </section>
  );
}
