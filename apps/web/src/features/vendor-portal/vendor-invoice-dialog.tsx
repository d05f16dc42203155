import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { FormDialog } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { formatDay, formatMoney } from '../payment-management';
import { useOwnInvoice, type VendorInvoiceDetail } from './vendor-money-api';
import { Badge, INVOICE_STATE_TONE } from './vendor-portal-sections';

function Figure({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={strong ? 'flex justify-between gap-3 border-t pt-1 font-semibold' : 'flex justify-between gap-3'}>
      <span>{label}</span>
      <span className="tabular-nums" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Body({ invoice: i }: { invoice: VendorInvoiceDetail }) {
  const { t, language } = useI18n();
  const money = (n: number) => formatMoney(n, i.currency, language);
  const ar = language === 'ar';
  const location = ar ? i.locationNameAr : i.locationNameEn;
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
      <Part title={t('pay.invoice.lines')}>
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
      </Part>
      <div className="flex flex-col gap-0.5 sm:ms-auto sm:w-72">
        <Figure label={t('pay.figure.total')} value={money(i.total)} />
        {i.paid > 0 && <Figure label={t('pay.figure.paid')} value={money(i.paid)} />}
        {i.refunded > 0 && <Figure label={t('pay.figure.refunded')} value={money(i.refunded)} />}
        {i.waived > 0 && <Figure label={t('pay.figure.waived')} value={money(i.waived)} />}
        {i.credited > 0 && <Figure label={t('pay.figure.credited')} value={money(i.credited)} />}
        <Figure label={t('pay.figure.balance')} value={money(i.balance)} strong testId="vendor-invoice-due" />
      </div>
      <Part title={t('pay.invoice.payments')}>
        {i.allocations.length ? (
          <ul className="flex flex-col divide-y">
            {i.allocations.map((a) => (
              <li key={a.allocationId} className="flex flex-wrap justify-between gap-2 py-1.5" data-testid="vendor-invoice-payment">
                <span>
                  {formatDay(a.receivedAt, language)} · {t(`pay.method.${a.method}`)}
                  {a.receiptNumber && (
                    <span className="ms-1 text-muted-foreground">{t('vendorDashboard.invoices.receipt', { number: a.receiptNumber })}</span>
                  )}
                </span>
                <span className="text-end tabular-nums">
                  {money(a.amount)}
                  {a.refunded > 0 && (
                    <span className="block text-xs text-muted-foreground">
                      {t('vendorDashboard.invoices.refundedPart', { amount: money(a.refunded) })}
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">{t('vendorDashboard.invoices.noPayments')}</p>
        )}
      </Part>
      {i.refunds.length > 0 && (
        <Part title={t('pay.invoice.refunds')}>
          <ul className="flex flex-col divide-y">
            {i.refunds.map((r) => (
              <li key={r.id} className="flex flex-wrap justify-between gap-2 py-1.5" data-testid="vendor-invoice-refund">
                <span className="min-w-0">
                  {formatDay(r.createdAt, language)} · {t(`pay.method.${r.method}`)}
                  <span className="block text-xs text-muted-foreground" dir="auto">
                    {r.reason}
                  </span>
                </span>
                <span className="tabular-nums">{money(r.amount)}</span>
              </li>
            ))}
          </ul>
        </Part>
      )}
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
