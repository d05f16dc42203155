import type { InvoiceAdjustmentKind } from '@market/contracts/plain';
import { Banknote, ChevronDown, Mail, Printer } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ListState } from '../../../components/ui/list-state';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../components/ui/menu';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatDay } from '../format';
import { formatMoney } from '../money';
import { downloadInvoicePdf, useInvoice, type Invoice, type InvoiceAllocation, type InvoiceDetail } from '../payment-management-api';
import { InvoiceHistory, InvoiceLines, InvoicePayments, InvoiceRefundsAndAdjustments } from './invoice-parts';
import { DownloadPdfButton } from './download-pdf-button';
import { InvoiceStateBadge } from './invoice-state-badge';

/** What the page does when an action of a card is chosen: it opens the matching dialog. */
export interface InvoiceActions {
  onPay: (invoice: Invoice) => void;
  onRefund: (invoice: InvoiceDetail, allocation: InvoiceAllocation) => void;
  onAdjust: (invoice: Invoice, kind: InvoiceAdjustmentKind) => void;
  onCancel: (invoice: Invoice) => void;
  onIssue: (invoice: Invoice) => void;
  onPrintInvoice: (invoiceId: string) => void;
  onEmail: (invoice: Invoice) => void;
  onPrintReceipt: (paymentId: string) => void;
}

function Figure({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={strong ? 'text-lg font-semibold tabular-nums' : 'tabular-nums'} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** One invoice of the booking: number, state, due date, figures from the ledger, lines, payments, and its actions. */
export function InvoiceCard({ summary, actions }: { summary: Invoice; actions: InvoiceActions }) {
  const { t, language } = useI18n();
  const detail = useInvoice(summary.id);
  const inv = detail.data;
  // The detail is reloaded after every money action; until it arrives the list's figures stand in.
  const cur: Invoice = inv ?? summary;
  const money = (n: number) => formatMoney(n, cur.currency, language);
  const netPaid = cur.paid - cur.refunded;
  const open = cur.status === 'issued' && cur.balance > 0;

  return (
    <article className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid={`invoice-${cur.number ?? cur.id}`}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <h3 className="flex flex-wrap items-center gap-2 font-medium">
            <span dir="ltr">{cur.number ?? t('pay.invoice.draft')}</span>
            <InvoiceStateBadge state={cur.state} />
            <span className="text-sm font-normal text-muted-foreground">{t(`pay.kind.${cur.kind}`)}</span>
          </h3>
          <p className="text-sm text-muted-foreground">
            {cur.issueDate && t('pay.invoice.issuedOn', { date: formatDay(cur.issueDate, language) })}
            {cur.issueDate && cur.dueDate && ' · '}
            {cur.dueDate && t('pay.invoice.dueOn', { date: formatDay(cur.dueDate, language) })}
          </p>
          {cur.statusReason && (
            <p className="text-sm" dir="auto">
              {cur.statusReason}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {open && (
            <Button size="sm" onClick={() => actions.onPay(cur)}>
              <Banknote className="size-4" aria-hidden />
              {t('pay.action.recordPayment')}
            </Button>
          )}
          {cur.status === 'draft' && (
            <Button size="sm" onClick={() => actions.onIssue(cur)}>
              {t('pay.invoice.issue')}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => actions.onPrintInvoice(cur.id)}>
            <Printer className="size-4" aria-hidden />
            {t('pay.print.invoice')}
          </Button>
          <DownloadPdfButton download={(language) => downloadInvoicePdf(cur.id, language)} />
          {cur.status !== 'draft' && (
            <Button size="sm" variant="outline" onClick={() => actions.onEmail(cur)}>
              <Mail className="size-4" aria-hidden />
              {t('pay.action.email')}
            </Button>
          )}
          {(open || (netPaid === 0 && (cur.status === 'issued' || cur.status === 'draft'))) && (
            <Menu>
              <MenuTrigger asChild>
                <Button size="sm" variant="outline" aria-label={t('pay.action.more', { number: cur.number ?? '' })}>
                  {t('pay.action.moreShort')}
                  <ChevronDown className="size-3.5" aria-hidden />
                </Button>
              </MenuTrigger>
              <MenuContent>
                {open && (
                  <>
                    <MenuItem onSelect={() => actions.onAdjust(cur, 'waiver')}>{t('pay.action.waive')}</MenuItem>
                    <MenuItem onSelect={() => actions.onAdjust(cur, 'discount')}>{t('pay.action.discount')}</MenuItem>
                    <MenuItem onSelect={() => actions.onAdjust(cur, 'credit')}>{t('pay.action.credit')}</MenuItem>
                  </>
                )}
                {netPaid === 0 && (cur.status === 'issued' || cur.status === 'draft') && (
                  <MenuItem className="text-destructive" onSelect={() => actions.onCancel(cur)}>
                    {t('pay.action.cancelInvoice')}
                  </MenuItem>
                )}
              </MenuContent>
            </Menu>
          )}
        </div>
      </header>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Figure label={t('pay.figure.total')} value={money(cur.total)} />
        <Figure label={t('pay.figure.paid')} value={money(cur.paid)} />
        <Figure label={t('pay.figure.refunded')} value={money(cur.refunded)} />
        <Figure label={t('pay.figure.waived')} value={money(cur.waived)} />
        <Figure label={t('pay.figure.credited')} value={money(cur.credited)} />
        <Figure label={t('pay.figure.balance')} value={money(cur.balance)} strong testId="invoice-balance" />
      </dl>

      <ListState
        loading={detail.isPending}
        error={detail.error}
        empty={false}
        loadingLabel={t('common.loading')}
        errorLabel={t('pay.invoice.failed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void detail.refetch()}
        emptyContent={null}
      />
      {inv && (
        <>
          <InvoiceLines invoice={inv} />
          <InvoicePayments invoice={inv} onRefund={(a) => actions.onRefund(inv, a)} onPrintReceipt={actions.onPrintReceipt} />
          <InvoiceRefundsAndAdjustments invoice={inv} />
          <InvoiceHistory invoice={inv} />
        </>
      )}
    </article>
  );
}
