import { ChevronRight, Receipt } from 'lucide-react';
import { useState } from 'react';
import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { formatDay, formatMoney, PrintDialog } from '../payment-management';
import { VendorInvoiceDialog } from './vendor-invoice-dialog';
import { useOwnInvoices, type VendorInvoiceDetail } from './vendor-money-api';
import { Badge, Card, INVOICE_STATE_TONE } from './vendor-portal-sections';

type Open = { id: string; print?: VendorInvoiceDetail } | null;

/** The vendor's invoices, newest first; one opens with its lines, payments and refunds, and prints. */
export function VendorInvoicesCard() {
  const { t, language } = useI18n();
  const invoices = useOwnInvoices();
  const [open, setOpen] = useState<Open>(null);
  const list = invoices.data;
  return (
    <Card title={t('vendorDashboard.invoices.title')} icon={Receipt} testId="vendor-invoices">
      {list?.length ? (
        <ul className="flex flex-col divide-y text-sm">
          {list.map((i) => (
            <li key={i.id}>
              <button
                type="button"
                className="flex w-full flex-wrap items-center justify-between gap-2 rounded-md py-2 text-start hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
                onClick={() => setOpen({ id: i.id })}
                aria-label={t('vendorDashboard.invoices.open', { number: i.number })}
                data-testid="vendor-invoice"
              >
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="font-medium">
                    <span dir="ltr">{i.number}</span>
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {i.marketDate
                      ? t('vendorDashboard.invoices.forDay', { date: formatDay(i.marketDate, language) })
                      : t('pay.invoice.issuedOn', { date: formatDay(i.issueDate, language) })}
                    {i.dueDate && ` · ${t('pay.invoice.dueOn', { date: formatDay(i.dueDate, language) })}`}
                  </span>
                </span>
                <span className="flex flex-wrap items-center gap-2">
                  <span className="flex flex-col items-end tabular-nums">
                    <span>{t('vendorDashboard.invoices.total', { amount: formatMoney(i.total, i.currency, language) })}</span>
                    <span className="text-xs font-medium" data-testid="vendor-invoice-balance">
                      {t('vendorDashboard.invoices.balance', { amount: formatMoney(i.balance, i.currency, language) })}
                    </span>
                  </span>
                  <Badge tone={INVOICE_STATE_TONE[i.state]} status={i.state}>
                    {t(`pay.state.${i.state}`)}
                  </Badge>
                  <ChevronRight className="size-4 text-muted-foreground rtl:rotate-180" aria-hidden />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <ListState
          loading={invoices.isPending}
          error={invoices.error}
          empty={!!list}
          loadingLabel={t('common.loading')}
          errorLabel={t('vendorDashboard.invoices.loadFailed')}
          retryLabel={t('common.tryAgain')}
          onRetry={() => void invoices.refetch()}
          emptyContent={t('vendorDashboard.invoices.empty')}
        />
      )}
      {open && !open.print && (
        <VendorInvoiceDialog id={open.id} onClose={() => setOpen(null)} onPrint={(invoice) => setOpen({ id: open.id, print: invoice })} />
      )}
      {open?.print && (
        <PrintDialog
          target={{
            kind: 'invoice-copy',
            invoice: open.print,
            context: {
              location: (language === 'ar' ? open.print.locationNameAr : open.print.locationNameEn) ?? undefined,
              slot: open.print.slotCode ?? undefined,
            },
          }}
          onClose={() => setOpen({ id: open.id })}
        />
      )}
    </Card>
  );
}
