import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { fieldClass, FormDialog } from '../../../../components/ui/form-dialog';
import { errorMessage } from '../../../../lib/api-errors';
import { cn } from '../../../../lib/cn';
import { useI18n } from '../../../../app/i18n/i18n-provider';
import { useWithdrawApplication } from '../applications-public-api';
import { Field } from './apply-fields';

/** "Withdraw application", asked once more in a dialog with an optional reason. */
export function StatusWithdraw({ token }: { token: string }) {
  const { t } = useI18n();
  const withdraw = useWithdrawApplication(token);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const change = (o: boolean) => {
    setOpen(o);
    if (!o) withdraw.reset();
  };
  return (
    <>
      <Button variant="outline" data-testid="status-withdraw" onClick={() => change(true)}>
        <Undo2 className="size-4" aria-hidden />
        {t('apply.withdraw.button')}
      </Button>
      <FormDialog
        open={open}
        onOpenChange={change}
        title={t('apply.withdraw.title')}
        description={t('apply.withdraw.message')}
        footer={
          <>
            <Button variant="outline" onClick={() => change(false)}>
              {t('apply.cancel')}
            </Button>
            <Button
              variant="destructive"
              data-testid="status-withdraw-confirm"
              disabled={withdraw.isPending}
              onClick={() => withdraw.mutate(reason, { onSuccess: () => setOpen(false) })}
            >
              {t('apply.withdraw.confirm')}
            </Button>
          </>
        }
      >
        <Field name="reason" label={t('apply.withdraw.reason')} optional>
          {(p) => (
            <textarea
              {...p}
              dir="auto"
              rows={3}
              maxLength={1000}
              className={cn(fieldClass, 'h-auto py-2')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        {withdraw.error && (
          <p role="alert" className="mt-3 rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
            {errorMessage(t, withdraw.error)}
          </p>
        )}
      </FormDialog>
    </>
  );
}
