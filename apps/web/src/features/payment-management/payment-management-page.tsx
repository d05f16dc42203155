import type { InvoiceAdjustmentKind } from '@market/contracts/plain';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { ListState } from '../../components/ui/list-state';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { useI18n } from '../../app/i18n/i18n-provider';
import { ApiError } from '../../lib/api';
import { AdjustmentDialog } from './components/adjustment-dialog';
import { AssignmentHeader } from './components/assignment-header';
import { CancelInvoiceDialog } from './components/cancel-invoice-dialog';
import { EmailInvoiceDialog } from './components/email-invoice-dialog';
import { FeesPreview } from './components/fees-preview';
import { InvoiceCard, type InvoiceActions } from './components/invoice-card';
import { IssueDraftDialog } from './components/issue-dialogs';
import { PaymentDialog } from './components/payment-dialog';
import { RefundDialog } from './components/refund-dialog';
import { localText } from './format';
import { useAssignment, useAssignmentFees, type Invoice, type InvoiceAllocation, type InvoiceDetail } from './payment-management-api';
import { PrintDialog, type PrintTarget } from './print/print-dialog';

/** The one dialog open at a time; each is mounted when it opens, so each opening has its own Idempotency-Key. */
type Open =
  | { kind: 'pay'; invoice: Invoice }
  | { kind: 'refund'; invoice: InvoiceDetail; allocation: InvoiceAllocation }
  | { kind: 'adjust'; invoice: Invoice; adjustment: InvoiceAdjustmentKind }
  | { kind: 'cancel'; invoice: Invoice }
  | { kind: 'issue'; invoice: Invoice }
  | { kind: 'email'; invoice: Invoice }
  | { kind: 'print'; target: PrintTarget }
  | null;

function NotFound() {
  const { t } = useI18n();
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-lg border p-8 text-center">
      <h1 className="text-xl font-semibold">{t('pay.page.notFound')}</h1>
      <Link to="/market-events?view=board" className="text-sm font-medium text-primary hover:underline">
        {t('pay.header.backToBoard')}
      </Link>
    </div>
  );
}

/** /payment-management/:assignmentId: the booking's fees, invoices, payments, refunds, waivers, balance and history. */
export default function PaymentManagementPage() {
  const { assignmentId = '' } = useParams();
  const { t, language } = useI18n();
  const assignment = useAssignment(assignmentId);
  const fees = useAssignmentFees(assignmentId, null);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  if (assignment.error instanceof ApiError && (assignment.error.status === 404 || assignment.error.status === 422)) return <NotFound />;
  if (assignment.isPending) return <PageSkeleton label={t('common.loadingPage')} />;
  if (!assignment.data) {
    return (
      <ListState
        loading={false}
        error={assignment.error}
        empty={false}
        loadingLabel=""
        errorLabel={t('pay.page.failed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void assignment.refetch()}
        emptyContent={null}
      />
    );
  }
  const a = assignment.data;
  const invoices = fees.data?.invoices ?? [];
  const context = { location: localText(language, a.locationNameEn, a.locationNameAr), slot: a.slotCode };
  const actions: InvoiceActions = {
    onPay: (invoice) => setOpen({ kind: 'pay', invoice }),
    onRefund: (invoice, allocation) => setOpen({ kind: 'refund', invoice, allocation }),
    onAdjust: (invoice, adjustment) => setOpen({ kind: 'adjust', invoice, adjustment }),
    onCancel: (invoice) => setOpen({ kind: 'cancel', invoice }),
    onIssue: (invoice) => setOpen({ kind: 'issue', invoice }),
    onPrintInvoice: (invoiceId) => setOpen({ kind: 'print', target: { kind: 'invoice', invoiceId, context } }),
    onPrintReceipt: (paymentId) => setOpen({ kind: 'print', target: { kind: 'receipt', paymentId } }),
    onEmail: (invoice) => setOpen({ kind: 'email', invoice }),
  };

  return (
    <section className="flex flex-col gap-4" data-testid="payment-management-page">
      <AssignmentHeader assignment={a} />
      <FeesPreview assignmentId={assignmentId} bookingCancelled={a.status === 'cancelled'} />
      <section aria-labelledby="invoices-title" className="flex flex-col gap-3">
        <h2 id="invoices-title" className="font-medium">
          {t('pay.invoices.title')}
        </h2>
        {fees.isSuccess && invoices.length === 0 && <p className="text-sm text-muted-foreground">{t('pay.invoices.none')}</p>}
        {invoices.map((inv) => (
          <InvoiceCard key={inv.id} summary={inv} actions={actions} />
        ))}
      </section>

      {open?.kind === 'pay' && (
        <PaymentDialog
          vendorId={open.invoice.vendorId}
          currency={open.invoice.currency}
          invoice={open.invoice}
          onClose={close}
          onRecorded={(payment) => {
            close();
            toast.success(t('pay.payment.recorded', { number: payment.receiptNumber ?? '' }), {
              action: {
                label: t('pay.print.receipt'),
                onClick: () => setOpen({ kind: 'print', target: { kind: 'receipt', paymentId: payment.id } }),
              },
            });
          }}
        />
      )}
      {open?.kind === 'refund' && (
        <RefundDialog invoiceId={open.invoice.id} allocation={open.allocation} currency={open.invoice.currency} onClose={close} />
      )}
      {open?.kind === 'adjust' && <AdjustmentDialog invoice={open.invoice} kind={open.adjustment} onClose={close} />}
      {open?.kind === 'cancel' && <CancelInvoiceDialog invoice={open.invoice} onClose={close} />}
      {open?.kind === 'issue' && <IssueDraftDialog invoiceId={open.invoice.id} onClose={close} />}
      {open?.kind === 'print' && <PrintDialog target={open.target} onClose={close} />}
      {open?.kind === 'email' && <EmailInvoiceDialog invoice={open.invoice} address={a.vendorEmail} onClose={close} />}
    </section>
  );
}
