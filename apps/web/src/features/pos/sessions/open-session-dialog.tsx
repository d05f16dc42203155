import { useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm, TextField } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { FormError, minorDigits, MoneyField, toMajorInput, toMinor, useMoneyForm } from '../../payment-management';
import type { PosRegister } from '../pos-api';
import { useOpenSession } from './sessions-api';
import { SelectField } from './select-field';

/**
 * Opens a session on an active register that has none open, by counting its float (the register's default is
 * offered). The server has the last word: a register opened meanwhile elsewhere is refused under its field.
 */
export function OpenSessionDialog({
  registers,
  busy,
  currency,
  onClose,
}: {
  /** Active registers. */
  registers: PosRegister[];
  /** Registers that have an open session already. */
  busy: ReadonlySet<string>;
  currency: string | null;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const digits = minorDigits(currency);
  const free = registers.filter((r) => !busy.has(r.id));
  const [registerId, setRegisterId] = useState(free[0]?.id ?? '');
  const floatOf = (id: string) => toMajorInput(registers.find((r) => r.id === id)?.openingFloat ?? 0, digits);
  const [floatText, setFloatText] = useState(() => floatOf(registerId));
  const [note, setNote] = useState('');
  const mutation = useOpenSession();
  const form = useMoneyForm({
    mutation,
    fields: ['registerId', 'openingFloat', 'note'],
    onDone: () => {
      toast.success(t('posSessions.toast.opened', { register: registers.find((r) => r.id === registerId)?.name ?? '' }));
      onClose();
    },
  });

  const choose = (id: string) => {
    setRegisterId(id);
    setFloatText(floatOf(id));
  };
  const submit = () => {
    const openingFloat = toMinor(floatText, digits);
    const found: Record<string, string> = {};
    if (!registerId) found.registerId = t('posSessions.check.register');
    if (openingFloat === null) found.openingFloat = t('posSessions.check.amount');
    form.submit(found, () => ({ body: { registerId, openingFloat: openingFloat!, ...(note.trim() ? { note: note.trim() } : {}) } }));
  };

  return (
    <FormDialogForm
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('posSessions.open.title')}
      description={t('posSessions.open.description')}
      pending={form.pending}
      submitLabel={form.submitLabel(t('posSessions.open.submit'))}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      testId="open-session-form"
    >
      {free.length === 0 && (
        <p role="status" className="rounded-md border border-dashed p-2 text-sm text-muted-foreground sm:col-span-2">
          {t('posSessions.open.noneFree')}
        </p>
      )}
      <SelectField
        label={t('posSessions.field.register')}
        value={registerId}
        onValueChange={choose}
        options={free.map((r) => ({ value: r.id, label: r.name }))}
        error={form.error('registerId')}
      />
      <MoneyField
        label={t('posSessions.field.float')}
        currency={currency}
        value={floatText}
        onValueChange={setFloatText}
        error={form.error('openingFloat')}
      />
      <TextField
        label={t('posSessions.field.note')}
        value={note}
        onValueChange={setNote}
        error={form.error('note')}
        maxLength={1000}
        dir="auto"
        className="sm:col-span-2"
      />
      <FormError>{form.formError}</FormError>
    </FormDialogForm>
  );
}
