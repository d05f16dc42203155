import { CUSTOMER_ORDER_FULFILMENTS, CUSTOMER_ORDER_LIMITS, POS_LIMITS } from '@market/contracts/plain';
import { FormField, TextField, fieldClass } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { cn } from '../../../lib/cn';
import { SelectField } from '../sessions/select-field';
import type { OrderFields } from './customer-order-form';

/**
 * Who the order is for and how it leaves: the register that hands it over, pickup or delivery, the customer, the
 * delivery address (asked for, and required, only for a delivery), the day it is due and a note. `error(field)` is
 * the server's word on a field.
 */
export function CustomerOrderFields({
  fields,
  registers,
  onChange,
  error,
}: {
  fields: OrderFields;
  registers: readonly { value: string; label: string }[];
  onChange: (patch: Partial<OrderFields>) => void;
  error: (field: keyof OrderFields) => string | undefined;
}) {
  const { t } = useI18n();
  const delivery = fields.fulfilment === 'delivery';
  return (
    <>
      <SelectField
        label={t('customerOrders.form.register')}
        value={fields.registerId}
        onValueChange={(registerId) => onChange({ registerId })}
        options={registers}
        error={error('registerId')}
      />
      <fieldset className="flex flex-col gap-1 text-sm">
        <legend className="mb-1 font-medium">{t('customerOrders.form.fulfilment')}</legend>
        <div className="flex flex-wrap gap-4 pt-1.5">
          {CUSTOMER_ORDER_FULFILMENTS.map((f) => (
            <label key={f} className="flex items-center gap-2">
              <input
                type="radio"
                name="fulfilment"
                value={f}
                checked={fields.fulfilment === f}
                onChange={() => onChange({ fulfilment: f })}
              />
              {t(`customerOrders.fulfilment.${f}`)}
            </label>
          ))}
        </div>
        {error('fulfilment') && <span className="text-xs text-destructive">{error('fulfilment')}</span>}
      </fieldset>
      <TextField
        label={t('customerOrders.form.customerName')}
        value={fields.customerName}
        onValueChange={(customerName) => onChange({ customerName })}
        error={error('customerName')}
        required
        maxLength={POS_LIMITS.customer}
        dir="auto"
        autoComplete="off"
      />
      <TextField
        label={t('customerOrders.form.customerPhone')}
        value={fields.customerPhone}
        onValueChange={(customerPhone) => onChange({ customerPhone })}
        error={error('customerPhone')}
        type="tel"
        dir="ltr"
        maxLength={CUSTOMER_ORDER_LIMITS.phone}
        autoComplete="off"
      />
      <TextField
        label={t('customerOrders.form.customerEmail')}
        value={fields.customerEmail}
        onValueChange={(customerEmail) => onChange({ customerEmail })}
        error={error('customerEmail')}
        type="email"
        dir="ltr"
        maxLength={POS_LIMITS.customer}
        autoComplete="off"
      />
      <TextField
        label={t('customerOrders.form.dueOn')}
        value={fields.dueOn}
        onValueChange={(dueOn) => onChange({ dueOn })}
        error={error('dueOn')}
        type="date"
      />
      {delivery && (
        <TextAreaField
          label={t('customerOrders.form.deliveryAddress')}
          value={fields.deliveryAddress}
          onValueChange={(deliveryAddress) => onChange({ deliveryAddress })}
          error={error('deliveryAddress')}
          hint={t('customerOrders.form.deliveryAddressHint')}
          maxLength={CUSTOMER_ORDER_LIMITS.address}
          required
        />
      )}
      <TextAreaField
        label={t('customerOrders.form.note')}
        value={fields.note}
        onValueChange={(note) => onChange({ note })}
        error={error('note')}
        maxLength={POS_LIMITS.note}
      />
    </>
  );
}

/** A labelled text area of a form, its error (or hint) under it; the whole width of a two-column form. */
export function TextAreaField({
  label,
  value,
  onValueChange,
  error,
  hint,
  maxLength,
  required,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  maxLength: number;
  required?: boolean;
}) {
  return (
    <FormField label={label} error={error} hint={hint} className="sm:col-span-2">
      {(p) => (
        <textarea
          {...p}
          required={required}
          className={cn(fieldClass, 'h-20 py-2')}
          dir="auto"
          maxLength={maxLength}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        />
      )}
    </FormField>
  );
}
