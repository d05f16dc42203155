import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormDialog, FormDialogForm, TextField } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { FormError, useMoneyForm } from '../../payment-management';
import { useRegisters } from '../pos-api';
import { formatMoment } from '../sessions/pos-format';
import { SelectField } from '../sessions/select-field';
import { useOpenSessions } from '../sessions/sessions-api';
import { useRecordReturn, type PosOrder } from './orders-api';
import { ReturnLines, refundEstimate, type LinePick } from './return-lines';

/**
 * Returns lines of a sale: which lines and how many (up to what is left of each), whether each goes back to
 * stock, a refund to the sale's own tenders or in cash, and the open session of the sale's register that records
 * it (none open: it says so and sends nothing). The return's id is made once per opening, so a retry records it once.
 */
export function ReturnDialog({
  order,
  money,
  onClose,
  onOpen,
}: {
  order: PosOrder;
  money: (minor: number) => string;
  onClose: () => void;
  onOpen: (id: string) => void;
}) {
  const { t, language } = useI18n();
  const sessions = useOpenSessions(order.registerId);
  const registers = useRegisters('all');
  const takesCash = registers.data?.find((r) => r.id === order.registerId)?.tenders.includes('cash') ?? true;
  const [picks, setPicks] = useState<Record<string, LinePick>>({});
  const [refundTo, setRefundTo] = useState<'original' | 'cash'>('original');
  const [chosenSession, setSessionId] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState(false);
  const mutation = useRecordReturn(order.id);
  const form = useMoneyForm({ mutation, fields: ['lines', 'refundTo', 'reason', 'sessionId'], onDone: () => setDone(true) });
  const open = sessions.data ?? [];
  const sessionId = chosenSession || open[0]?.id || '';
  const chosen = order.lines.filter((l) => picks[l.id]?.on);

  if (done && mutation.data) {
    const r = mutation.data.order;
    return (
      <FormDialog
        open
        onOpenChange={(o) => !o && onClose()}
        title={t('orders.return.doneTitle', { number: r.receiptNumber })}
        footer={
          <>
            <Button variant="outline" onClick={() => onOpen(r.id)}>
              {t('orders.return.openReturn')}
            </Button>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </>
        }
      >
        <div role="status" className="flex flex-col gap-2 text-sm" data-testid="return-result">
          <p>
            {t(mutation.data.alreadyRecorded ? 'orders.return.already' : 'orders.return.recorded', {
              number: r.receiptNumber,
              amount: money(r.total),
            })}
          </p>
          <ul className="flex flex-col divide-y rounded-md border">
            {r.payments.map((p, i) => (
              <li key={i} className="flex justify-between px-3 py-1.5">
                <span>{t('orders.return.refundedTo', { tender: t(`pos.tender.${p.tender}`) })}</span>
                <span className="tabular-nums">{money(p.amount)}</span>
              </li>
            ))}
          </ul>
        </div>
      </FormDialog>
    );
  }

  const submit = () => {
    const found: Record<string, string> = {};
    if (!sessionId) found.sessionId = t('orders.return.noSession');
    if (chosen.length === 0) found.lines = t('orders.return.chooseLine');
    for (const l of chosen) {
      const q = Number(picks[l.id]!.quantity);
      const left = l.quantity - l.returnedQuantity;
      if (!Number.isInteger(q) || q < 1 || q > left) found[`line-${l.id}`] = t('orders.return.quantityRange', { left });
    }
    form.submit(found, () => ({
      body: {
        registerId: order.registerId,
        sessionId,
        lines: chosen.map((l) => ({
          lineId: l.id,
          quantity: Number(picks[l.id]!.quantity),
          restock: !!l.variantId && picks[l.id]!.restock,
        })),
        refundTo,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      },
    }));
  };
  const estimate = refundEstimate(order.lines, picks);

  return (
    <FormDialogForm
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('orders.return.title', { number: order.receiptNumber })}
      description={t('orders.return.description')}
      wide
      pending={form.pending}
      submitLabel={form.submitLabel(t('orders.return.submit'))}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      formClassName="flex flex-col gap-3"
      testId="return-form"
    >
      <ReturnLines
        order={order}
        picks={picks}
        onChange={(id, pick) => setPicks((p) => ({ ...p, [id]: pick }))}
        error={(l) => form.error(`line-${l.id}`) ?? (chosen.indexOf(l) >= 0 ? form.error(`lines.${chosen.indexOf(l)}`) : undefined)}
      />
      {form.error('lines') && !chosen.length && <p className="text-xs text-destructive">{form.error('lines')}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="font-medium">{t('orders.return.refundTo')}</legend>
          {(['original', 'cash'] as const).map((k) => (
            <label key={k} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="refund-to"
                value={k}
                checked={refundTo === k}
                disabled={k === 'cash' && !takesCash}
                onChange={() => setRefundTo(k)}
              />
              {t(k === 'original' ? 'orders.return.toOriginal' : 'orders.return.toCash')}
            </label>
          ))}
          {form.error('refundTo') && <span className="text-xs text-destructive">{form.error('refundTo')}</span>}
        </fieldset>
        {sessions.isPending ? (
          <p className="text-sm text-muted-foreground">{t('common.loading')}</p>
        ) : open.length === 0 ? (
          <p role="alert" className="rounded-md border border-amber-500/50 bg-amber-500/10 p-2 text-sm" data-testid="no-open-session">
            {t('orders.return.noOpenSession', { register: order.registerName })}{' '}
            <Link to="/pos/sessions" className="font-medium text-primary hover:underline">
              {t('orders.return.toSessions')}
            </Link>
          </p>
        ) : (
          <SelectField
            label={t('orders.return.session')}
            value={sessionId}
            onValueChange={setSessionId}
            options={open.map((s) => ({
              value: s.id,
              label: t('orders.return.sessionOption', { register: s.registerName, opened: formatMoment(s.openedAt, language) }),
            }))}
            error={form.error('sessionId')}
          />
        )}
      </div>
      <TextField
        label={t('orders.return.reason')}
        value={reason}
        onValueChange={setReason}
        error={form.error('reason')}
        maxLength={200}
        dir="auto"
      />
      <p className="text-sm font-medium" aria-live="polite" data-testid="refund-estimate">
        {t('orders.return.estimate', { amount: money(estimate) })}
      </p>
      <FormError>{form.formError}</FormError>
    </FormDialogForm>
  );
}
