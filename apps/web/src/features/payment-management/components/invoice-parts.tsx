import { Printer, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatDay, formatMoment, localText } from '../format';
import { formatMoney } from '../money';
import type { InvoiceAllocation, InvoiceDetail } from '../payment-management-api';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <h4 className="text-sm font-medium text-muted-foreground">{title}</h4>
      {children}
    </div>
  );
}

export function InvoiceLines({ invoice }: { invoice: InvoiceDetail }) {
  const { t, language } = useI18n();
  const money = (n: number) => formatMoney(n, invoice.currency, language);
  return (
    <Part title={t('pay.invoice.lines')}>
      <table className="w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th>{t('pay.line.description')}</th>
            <th>{t('pay.line.quantity')}</th>
            <th>{t('pay.line.unit')}</th>
            <th>{t('pay.line.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((l) => (
            <tr key={l.id} className="border-t">
              <td className="py-1">{localText(language, l.descriptionEn, l.descriptionAr)}</td>
              <td className="py-1 text-end tabular-nums">{l.quantity}</td>
              <td className="py-1 text-end tabular-nums">{money(l.unitAmount)}</td>
              <td className="py-1 text-end tabular-nums">{money(l.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Part>
  );
}

/** Payments allocated to the invoice, each with its receipt and, while something is left to return, a refund. */
export function InvoicePayments({
  invoice,
  onRefund,
  onPrintReceipt,
}: {
  invoice: InvoiceDetail;
  onRefund: (a: InvoiceAllocation) => void;
  onPrintReceipt: (paymentId: string) => void;
}) {
  const { t, language } = useI18n();
  if (!invoice.allocations.length) return null;
  return (
    <Part title={t('pay.invoice.payments')}>
      <ul className="flex flex-col divide-y text-sm">
        {invoice.allocations.map((a) => (
          <li key={a.allocationId} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
            <span>
              <span dir="ltr" className="font-medium">
                {a.receiptNumber}
              </span>{' '}
              · {t(`pay.method.${a.method}`)} · {formatMoment(a.receivedAt, language)}
            </span>
            <span className="flex flex-wrap items-center gap-2">
              <span className="tabular-nums">{formatMoney(a.amount, invoice.currency, language)}</span>
              {a.refunded > 0 && (
                <span className="text-xs text-muted-foreground">
                  {t('pay.invoice.refundedPart', { amount: formatMoney(a.refunded, invoice.currency, language) })}
                </span>
              )}
              <Button size="sm" variant="ghost" onClick={() => onPrintReceipt(a.paymentId)}>
                <Printer className="size-3.5" aria-hidden />
                {t('pay.print.receipt')}
              </Button>
              {a.amount - a.refunded > 0 && (
                <Button size="sm" variant="outline" onClick={() => onRefund(a)}>
                  <Undo2 className="size-3.5" aria-hidden />
                  {t('pay.action.refund')}
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </Part>
  );
}

export function InvoiceRefundsAndAdjustments({ invoice }: { invoice: InvoiceDetail }) {
  const { t, language } = useI18n();
  const money = (n: number) => formatMoney(n, invoice.currency, language);
  return (
    <>
      {invoice.refunds.length > 0 && (
        <Part title={t('pay.invoice.refunds')}>
          <ul className="flex flex-col divide-y text-sm">
            {invoice.refunds.map((r) => (
              <li key={r.id} className="flex flex-wrap justify-between gap-2 py-1.5">
                <span>
                  {formatMoment(r.createdAt, language)} · {t(`pay.method.${r.method}`)} · <span dir="auto">{r.reason}</span>
                  {r.overrideReason && (
                    <span className="block text-xs text-muted-foreground">
                      {t('pay.invoice.refundOverride')} <span dir="auto">{r.overrideReason}</span>
                    </span>
                  )}
                </span>
                <span className="tabular-nums">{money(r.amount)}</span>
              </li>
            ))}
          </ul>
        </Part>
      )}
      {invoice.adjustments.length > 0 && (
        <Part title={t('pay.invoice.adjustments')}>
          <ul className="flex flex-col divide-y text-sm">
            {invoice.adjustments.map((a) => (
              <li key={a.id} className="flex flex-wrap justify-between gap-2 py-1.5">
                <span>
                  {t(`pay.adjustment.${a.kind}`)} · {formatMoment(a.createdAt, language)} · <span dir="auto">{a.reason}</span>
                  {a.approvedByName && ` · ${t('pay.invoice.approvedBy', { name: a.approvedByName })}`}
                </span>
                <span className="tabular-nums">{money(a.amount)}</span>
              </li>
            ))}
          </ul>
        </Part>
      )}
    </>
  );
}

/** What happened to the invoice: its ledger entries (the money) and its audit trail (who did what). */
export function InvoiceHistory({ invoice }: { invoice: InvoiceDetail }) {
  const { t, language } = useI18n();
  // An action this screen has no words for yet is shown as the server names it.
  const actionWords = (action: string) => {
    const key = `pay.history.${action}`;
    const words = t(key);
    return words === key ? action : words;
  };
  return (
    <details className="rounded-md border p-2 text-sm">
      <summary className="cursor-pointer font-medium">{t('pay.invoice.history')}</summary>
      <div className="mt-2 grid gap-3 md:grid-cols-2">
        <Part title={t('pay.invoice.ledger')}>
          <ul className="flex flex-col divide-y">
            {invoice.ledger.map((e) => (
              <li key={e.id} className="flex justify-between gap-2 py-1">
                <span>
                  {formatDay(e.occurredOn, language)} · {t(`pay.entry.${e.entryType}`)}
                  {e.document && (
                    <span dir="ltr" className="ms-1 text-muted-foreground">
                      {e.document}
                    </span>
                  )}
                </span>
                <span className="tabular-nums" dir="ltr">
                  {formatMoney(e.amount, e.currency, language)}
                </span>
              </li>
            ))}
          </ul>
        </Part>
        <Part title={t('pay.invoice.audit')}>
          <ul className="flex flex-col divide-y">
            {invoice.history.map((h) => (
              <li key={h.id} className="py-1">
                <span className="font-medium">{actionWords(h.action)}</span> · {formatMoment(h.at, language)}
                {h.actorName && ` · ${h.actorName}`}
                {h.reason && (
                  <span className="block text-muted-foreground" dir="auto">
                    {h.reason}
                  </span>
                )}
                {h.overrideReason && (
                  <span className="block text-muted-foreground">
                    {t('pay.history.overrideApproved', { name: h.actorName ?? '' })} <span dir="auto">{h.overrideReason}</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </Part>
      </div>
    </details>
  );
}
