import { INVOICE_EMAILS_PER_HOUR } from '@market/contracts/plain';
import { Mail } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { ApiError } from '../../../lib/api';
import { errorMessage, type Translate } from '../../../lib/api-errors';
import type { Invoice } from '../payment-management-api';
import { useEmailInvoice } from '../payment-management-mutations';

/** The server's refusals (409) in the reader's language; anything else as the shared helper words it. */
export function emailErrorMessage(t: Translate, error: unknown): string {
  if (error instanceof ApiError && error.status === 409) {
    if (/draft/i.test(error.message)) return t('pay.email.draft');
    if (/no e-mail address/i.test(error.message)) return t('pay.email.noAddress');
    if (/already e-mailed/i.test(error.message)) return t('pay.email.limit', { count: INVOICE_EMAILS_PER_HOUR });
  }
  return errorMessage(t, error);
}

/**
 * Confirms sending the invoice to the vendor's address (shown, so a wrong address is caught before it goes), then
 * queues it; the toast names the address the server queued it to.
 */
export function EmailInvoiceDialog({
  invoice,
  address,
  onClose,
}: {
  invoice: Pick<Invoice, 'id' | 'number'>;
  address: string | null;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const send = useEmailInvoice();
  const confirm = () => {
    if (send.isPending) return;
    send.mutate(invoice.id, {
      onSuccess: (sent) => {
        toast.success(t('pay.email.queued', { address: sent.queuedTo }));
        onClose();
      },
    });
  };
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('pay.email.title', { number: invoice.number ?? '' })}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={confirm} disabled={!address || send.isPending} aria-busy={send.isPending}>
            <Mail className="size-4" aria-hidden />
            {send.isPending ? t('pay.email.sending') : t('pay.email.send')}
          </Button>
        </>
      }
    >
      {address ? (
        <p className="text-sm" data-testid="email-invoice-address">
          {t('pay.email.message', { address })}
        </p>
      ) : (
        <p className="text-sm">{t('pay.email.noAddress')}</p>
      )}
      {send.error && (
        <p role="alert" className="mt-3 rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
          {emailErrorMessage(t, send.error)}
        </p>
      )}
    </FormDialog>
  );
}
