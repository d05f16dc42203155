import type { PaymentMethod } from '@market/contracts/plain';
import { Printer } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { FormDialog } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { DownloadPdfButton, formatDay, formatMoney } from '../payment-management';
import { downloadOwnInvoicePdf, useOwnInvoice, type VendorInvoiceDetail } from './vendor-money-api';
import { Badge, INVOICE_STATE_TONE } from './vendor-portal-sections';

/** The figures shown when not 0, between the total and the balance (what the vendor still owes). */
const PARTS = ['paid', 'refunded', 'waived', 'credited'] as const;

function Figures({ invoice: i, money }: { invoice: VendorInvoiceDetail; money: (n: number) => string }) {
  const { t } = useI18n();
  const rows = [['total', i.total] as const, ...PARTS.filter((k) => i[k] > 0).map((k) => [k, i[k]] as const)];
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 sm:ms-auto sm:w-72">
      {rows.map(([k, n]) => (
        <Fragment key={k}>
          <dt>{t(`pay.figure.${k}`)}</dt>
          <dd className="text-end tabular-nums">{money(n)}</dd>
        </Fragment>
      ))}
      <dt className="border-t pt-1 font-semibold">{t('pay.figure.balance')}</dt>
      <dd className="border-t pt-1 text-end font-semibold tabular-nums" data-testid="vendor-invoice-due">
        {money(i.balance)}
      </dd>
    </dl>
  );
}

interface Movement {
  id: string;
  on: string;
  method: PaymentMethod;
  /** Beside the method: the receipt. */
  label?: ReactNode;
  /** Under it: why (a refund's reason). */
  note?: string;
  amount: string;
  /** Under the amount: what was returned of it. */
  returned?: string;
}

/** Money that moved on the invoice (the payments, the refunds): when, how, and how much. */
function Movements({ title, rows, testId, empty }: { title: string; rows: Movement[]; testId: string; empty?: string }) {
  const { t, language } = useI18n();
  if (!rows.length && !empty) return null;
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold">{title}</h3>
      {rows.length ? (
        <ul className="flex flex-col divide-y">
          {rows.map((m) => (
            <li key={m.id} className="flex flex-wrap justify-between gap-2 py-1.5" data-testid={testId}>
              <span className="min-w-0">
                {formatDay(m.on, language)} · {t(`pay.method.${m.method}`)}
                {m.label && <span className="ms-1 text-muted-foreground">{m.label}</span>}
                {m.note && <bdi className="block text-xs text-muted-foreground">{m.note}</bdi>}
              </span>
              <span className="text-end tabular-nums">
                {m.amount}
                {m.returned && <span className="block text-xs text-muted-foreground">{m.returned}</span>}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">{empty}</p>
      )}
    </section>
  );
}

function Body({ invoice: i }: { invoice: VendorInvoiceDetail }) {
  const { t, language } = useI18n();
  const money = (n: number) => formatMoney(n, i.currency, language);
  const ar = language === 'ar';
  const location = ar ? i.locationNameAr : i.locationNameEn;
  const payments = i.allocations.map((a) => ({
    id: a.allocationId,
    on: a.receivedAt,
    method: a.method,
    label: a.receiptNumber && t('vendorDashboard.invoices.receipt', { number: a.receiptNumber }),
    amount: money(a.amount),
    returned: a.refunded > 0 ? t('vendorDashboard.invoices.refundedPart', { amount: money(a.refunded) }) : undefined,
  }));
  const refunds = i.refunds.map((r) => ({ id: r.id, on: r.createdAt, method: r.method, note: r.reason, amount: money(r.amount) }));
  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="vendor-invoice-detail">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={INVOICE_STATE_TONE[i.state]} status={i.state} testId="vendor-invoice-state">
          {t(`pay.state.${i.state}`)}
        </Badge>
        {i.issueDate && (
          <span className="text-muted-foreground">{t('pay.invoice.issuedOn', { date: formatDay(i.issueDate, language) })}</span>
        )}
        {i.dueDate && <span className="text-muted-foreground">{t('pay.invoice.dueOn', { date: formatDay(i.dueDate, language) })}</span>}
      </div>
      {i.marketDate && (
        <p className="text-muted-foreground">
          {t('vendorDashboard.invoices.forDay', { date: formatDay(i.marketDate, language) })}
          {location && (
            <>
              {' · '}
              <bdi>{location}</bdi>
            </>
          )}
          {i.slotCode && ` · ${t('vendorDashboard.days.slot', { code: i.slotCode })}`}
        </p>
      )}
      <section className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold">{t('pay.invoice.lines')}</h3>
        <ul className="flex flex-col divide-y rounded-md border">
          {i.lines.map((l) => (
            <li key={l.id} className="flex justify-between gap-3 px-3 py-2">
              <span className="min-w-0">
                {ar ? l.descriptionAr : l.descriptionEn}
                {l.quantity !== 1 && (
                  <span dir="ltr" className="block text-xs text-muted-foreground">
                    {l.quantity} × {money(l.unitAmount)}
                  </span>
                )}
              </span>
              <span className="tabular-nums">{money(l.amount)}</span>
            </li>
          ))}
        </ul>
      </section>
      <Figures invoice={i} money={money} />
      <Movements
        title={t('pay.invoice.payments')}
        rows={payments}
        testId="vendor-invoice-payment"
        empty={t('vendorDashboard.invoices.noPayments')}
      />
      <Movements title={t('pay.invoice.refunds')} rows={refunds} testId="vendor-invoice-refund" />
      {i.notes && (
        <p className="whitespace-pre-wrap text-muted-foreground" dir="auto">
          {i.notes}
        </p>
      )}
    </div>
  );
}

/** One of the vendor's invoices: lines, figures from the ledger, payments and refunds; Print opens the printed copy. */
export function VendorInvoiceDialog({
  id,
  onClose,
  onPrint,
}: {
  id: string;
  onClose: () => void;
  onPrint: (invoice: VendorInvoiceDetail) => void;
}) {
  const { t } = useI18n();
  const invoice = useOwnInvoice(id);
  const data = invoice.data;
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={data ? t('vendorDashboard.invoices.invoiceNumber', { number: data.number }) : t('vendorDashboard.invoices.title')}
      wide
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.close')}
          </Button>
          <DownloadPdfButton download={(language) => downloadOwnInvoicePdf(id, language)} disabled={!data} />
          <Button onClick={() => data && onPrint(data)} disabled={!data}>
            <Printer className="size-4" aria-hidden />
            {t('pay.print.invoice')}
          </Button>
        </>
      }
    >
      {data ? (
        <Body invoice={data} />
      ) : (
        <ListState
          loading={invoice.isPending}
          error={invoice.error}
          empty={false}
          loadingLabel={t('common.loading')}
          errorLabel={t('pay.invoice.failed')}
          retryLabel={t('common.tryAgain')}
          onRetry={() => void invoice.refetch()}
          emptyContent={null}
        />
      )}
    </FormDialog>
  );
}
