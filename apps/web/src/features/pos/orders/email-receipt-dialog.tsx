import { RECEIPT_EMAILS_PER_HOUR } from '@market/contracts/plain';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormDialogForm, TextField } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { ApiError } from '../../../lib/api';
import { errorMessage, fieldError } from '../../../lib/api-errors';
import { looksLikeEmail } from '../register/cart';
import { useEmailReceipt } from './orders-api';

/**
 * Sends a receipt by e-mail (English and Arabic in one message): to the customer's address recorded with the
 * sale, or another one typed here. The toast names the address the server queued it to.
 */
export function EmailReceiptDialog({
  orderId,
  receiptNumber,
  customerEmail,
  onClose,
}: {
  orderId: string;
  receiptNumber: string;
  customerEmail: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const [to, setTo] = useState(customerEmail);
  const [check, setCheck] = useState<string | undefined>();
  const send = useEmailReceipt(orderId);
  const submit = () => {
    if (send.isPending) return;
    const address = to.trim();
    if (!looksLikeEmail(address)) return setCheck(t('orders.email.invalid'));
    setCheck(undefined);
    send.mutate(address, {
      onSuccess: (sent) => {
        toast.success(t('orders.email.queued', { address: sent.queuedTo }));
        onClose();
      },
    });
  };
  const refused =
    send.error instanceof ApiError && send.error.status === 409 && /already e-mailed/i.test(send.error.message)
      ? t('orders.email.limit', { count: RECEIPT_EMAILS_PER_HOUR })
      : send.error && !fieldError(send.error, 'to')
        ? errorMessage(t, send.error)
        : null;
  return (
    <FormDialogForm
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('orders.email.title', { number: receiptNumber })}
      description={t('orders.email.description')}
      pending={send.isPending}
      submitLabel={send.isPending ? t('orders.email.sending') : t('orders.email.send')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      formClassName="grid gap-3"
      testId="email-receipt-form"
    >
      <TextField
        label={t('orders.email.to')}
        type="email"
        dir="ltr"
        autoComplete="email"
        autoFocus
        value={to}
        onValueChange={setTo}
        error={check ?? (send.error ? fieldError(send.error, 'to') : undefined)}
      />
      {refused && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
          {refused}
        </p>
      )}
    </FormDialogForm>
  );
}

/** The button that opens the dialog; shown once a receipt has its number (the sale reached the server). */
export function EmailReceiptButton({
  orderId,
  receiptNumber,
  customerEmail,
  compact,
}: {
  orderId: string;
  receiptNumber: string;
  customerEmail: string;
  /** The small button of a sheet's header; the register's is touch-sized. */
  compact?: boolean;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" {...(compact ? { size: 'sm' as const } : { className: 'h-11' })} onClick={() => setOpen(true)}>
        <Mail className="size-4" aria-hidden />
        {t('orders.email.open')}
      </Button>
      {open && (
        <EmailReceiptDialog orderId={orderId} receiptNumber={receiptNumber} customerEmail={customerEmail} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
