import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { ApiError } from '../../../lib/api';
import { errorMessage, fieldError, isFieldPath } from '../../../lib/api-errors';
import { FormError } from '../../payment-management';
import { useRegisters } from '../pos-api';
import { nameIn } from '../register/register-format';
import { CustomerOrderFields } from './customer-order-fields';
import { changeOf, emptyForm, formOf, orderBodyOf, type OrderFields, type OrderForm } from './customer-order-form';
import { CustomerOrderItems } from './customer-order-items';
import { useCreateCustomerOrder, useUpdateCustomerOrder, type CustomerOrder } from './customer-orders-api';

/** The fields the form shows the server's words under; anything else goes in the line under the form. */
const SHOWN = ['registerId', 'fulfilment', 'customerName', 'customerEmail', 'customerPhone', 'deliveryAddress', 'dueOn', 'note'];
const ITEMS = ['lines', 'orderDiscount'];

/**
 * A new customer order (a draft), or the edit of a draft (`order`). Mounted per opening: it starts from the order
 * as it was when Edit was pressed and saves against that version. The server checks everything; its refusals
 * show under the fields they name (a line's by the item's name).
 */
export function CustomerOrderDialog({
  order,
  currency,
  onClose,
  onSaved,
}: {
  order: CustomerOrder | null;
  currency: string | null;
  onClose: () => void;
  onSaved: (order: CustomerOrder) => void;
}) {
  const { t, language } = useI18n();
  const registers = useRegisters('all');
  const [initial] = useState<OrderForm>(() => (order ? formOf(order) : emptyForm('')));
  const [form, setForm] = useState<OrderForm>(initial);
  const create = useCreateCustomerOrder();
  const update = useUpdateCustomerOrder(order ?? { id: '', updatedAt: '' });
  const save = order ? update : create;
  // The item names of the lines last sent, to name a line the server refused.
  const sentNames = useRef<string[]>([]);

  // Active registers take new orders; a draft keeps showing its own register even if it was archived since.
  const usable = (registers.data ?? []).filter((r) => r.status === 'active' || r.id === order?.registerId);
  const registerId = form.fields.registerId || usable[0]?.id || '';
  const register = usable.find((r) => r.id === registerId);
  const fields = { ...form.fields, registerId };

  const error = save.error;
  const fieldWords = (field: keyof OrderFields) => fieldError(error, field);
  const lineErrors =
    error instanceof ApiError
      ? error.fields
          .filter((f) => ITEMS.some((k) => isFieldPath(f.field, k)))
          .map((f) => {
            const index = /^lines\.(\d+)/.exec(f.field)?.[1];
            const name = index === undefined ? undefined : sentNames.current[Number(index)];
            return name ? t('customerOrders.form.lineError', { name, message: f.message }) : f.message;
          })
      : [];
  const others = error instanceof ApiError ? error.fields.filter((f) => ![...SHOWN, ...ITEMS].some((k) => isFieldPath(f.field, k))) : [];
  const formError = !error ? null : others.length || !(error instanceof ApiError) || !error.fields.length ? errorMessage(t, error) : null;

  const submit = () => {
    if (save.isPending) return;
    const next = { ...form, fields };
    sentNames.current = next.cart.lines.map((l) => nameIn(language, l.item));
    const done = (saved: CustomerOrder) => {
      toast.success(t(order ? 'customerOrders.toast.saved' : 'customerOrders.toast.created', { number: saved.number }));
      onSaved(saved);
    };
    if (order) update.mutate(changeOf(initial, next), { onSuccess: done });
    else create.mutate(orderBodyOf(next), { onSuccess: done });
  };

  return (
    <FormDialogForm
      open
      onOpenChange={(open) => !open && onClose()}
      title={order ? t('customerOrders.form.editTitle', { number: order.number }) : t('customerOrders.form.newTitle')}
      description={t('customerOrders.form.description')}
      wide
      pending={save.isPending}
      submitLabel={
        save.isPending ? t('customerOrders.form.saving') : order ? t('customerOrders.form.save') : t('customerOrders.form.create')
      }
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      testId="customer-order-form"
    >
      {registers.isSuccess && !usable.length && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {t('customerOrders.form.noRegisters')}
        </p>
      )}
      <CustomerOrderFields
        fields={fields}
        registers={usable.map((r) => ({ value: r.id, label: r.name }))}
        onChange={(patch) => setForm((f) => ({ ...f, fields: { ...f.fields, ...patch } }))}
        error={fieldWords}
      />
      <CustomerOrderItems
        registerId={registerId}
        allowNegativeStock={register?.allowNegativeStock ?? false}
        currency={currency}
        cart={form.cart}
        onCart={(change) => setForm((f) => ({ ...f, cart: change(f.cart) }))}
        errors={lineErrors}
      />
      {formError && <FormError>{formError}</FormError>}
    </FormDialogForm>
  );
}
