import type { UseMutationResult } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useCreateAssignmentInvoices, useIssueInvoice } from '../payment-management-mutations';
import { useMoneyForm } from '../use-money-form';

/**
 * A money action confirmed with one button (issuing invoices): the submit logic of the money forms, so one key per
 * opening makes it happen once, and the server's refusal is the dialog's error line.
 */
export function MoneyConfirmDialog<V extends object, D>({
  mutation,
  variables,
  title,
  message,
  confirmLabel,
  onClose,
}: {
  mutation: Pick<UseMutationResult<D, Error, V>, 'mutate' | 'error' | 'isPending'>;
  variables: () => Omit<V, 'key'>;
  title: string;
  message: string;
  confirmLabel: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const form = useMoneyForm({ mutation, fields: [], onDone: onClose });
  return (
    <ConfirmDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      message={message}
      confirmLabel={form.submitLabel(confirmLabel)}
      cancelLabel={t('common.cancel')}
      pending={form.pending}
      error={form.formError}
      onConfirm={() => form.submit({}, variables)}
    />
  );
}

/**
 * Creates and issues the assignment's invoice(s) from the fee preview (priced from the sales declared on the
 * booking); one key per opening, so it happens once.
 */
export function IssueAssignmentInvoicesDialog({
  assignmentId,
  count,
  onClose,
}: {
  assignmentId: string;
  count: number;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <MoneyConfirmDialog
      mutation={useCreateAssignmentInvoices(assignmentId)}
      variables={() => ({})}
      title={t('pay.fees.issueTitle')}
      message={t(count > 1 ? 'pay.fees.issueMessageSplit' : 'pay.fees.issueMessage', { count })}
      confirmLabel={t('pay.fees.issue')}
      onClose={onClose}
    />
  );
}

/** Issues a draft invoice: it takes the next number and its lines are charged to the vendor's ledger. */
export function IssueDraftDialog({ invoiceId, onClose }: { invoiceId: string; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <MoneyConfirmDialog
      mutation={useIssueInvoice()}
      variables={() => ({ invoiceId })}
      title={t('pay.invoice.issueTitle')}
      message={t('pay.invoice.issueMessage')}
      confirmLabel={t('pay.invoice.issue')}
      onClose={onClose}
    />
  );
}
