import { useRef } from 'react';
import { ConfirmDialog } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import { useCreateAssignmentInvoices, useIdempotencyKey, useIssueInvoice } from '../payment-management-mutations';

/** Creates and issues the assignment's invoice(s) from the fee preview; one key per opening, so it happens once. */
export function IssueAssignmentInvoicesDialog({
  assignmentId,
  declaredSales,
  count,
  onClose,
}: {
  assignmentId: string;
  declaredSales: number | null;
  count: number;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const key = useIdempotencyKey();
  const create = useCreateAssignmentInvoices(assignmentId);
  const inFlight = useRef(false);
  return (
    <ConfirmDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('pay.fees.issueTitle')}
      message={t(count > 1 ? 'pay.fees.issueMessageSplit' : 'pay.fees.issueMessage', { count })}
      confirmLabel={create.isPending ? t('pay.saving') : t('pay.fees.issue')}
      cancelLabel={t('common.cancel')}
      pending={create.isPending}
      error={create.error ? errorMessage(t, create.error) : null}
      onConfirm={() => {
        if (inFlight.current) return;
        inFlight.current = true;
        create.mutate(
          { key, declaredSales },
          {
            onSuccess: onClose,
            onSettled: () => {
              inFlight.current = false;
            },
          },
        );
      }}
    />
  );
}

/** Issues a draft invoice: it takes the next number and its lines are charged to the vendor's ledger. */
export function IssueDraftDialog({ invoiceId, onClose }: { invoiceId: string; onClose: () => void }) {
  const { t } = useI18n();
  const key = useIdempotencyKey();
  const issue = useIssueInvoice();
  const inFlight = useRef(false);
  return (
    <ConfirmDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('pay.invoice.issueTitle')}
      message={t('pay.invoice.issueMessage')}
      confirmLabel={issue.isPending ? t('pay.saving') : t('pay.invoice.issue')}
      cancelLabel={t('common.cancel')}
      pending={issue.isPending}
      error={issue.error ? errorMessage(t, issue.error) : null}
      onConfirm={() => {
        if (inFlight.current) return;
        inFlight.current = true;
        issue.mutate(
          { key, invoiceId },
          {
            onSuccess: onClose,
            onSettled: () => {
              inFlight.current = false;
            },
          },
        );
      }}
    />
  );
}
