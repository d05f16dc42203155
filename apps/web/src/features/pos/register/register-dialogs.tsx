import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { dateTimeFormat } from '../../../app/i18n/locale-format';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatMoney } from '../../payment-management';
import { priceCart, priceOrder } from './cart';
import { shortId } from './register-format';
import type { ParkedCart } from './register-storage';
import type { QueuedSale } from './sale-queue';

const when = (iso: string, language: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(d);
};

/** A queued sale's total from what it sends (prices include tax, so the rates do not change it). */
const totalOf = (s: QueuedSale) =>
  priceOrder(
    s.body.lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice, discount: l.discount, taxRateBasisPoints: 0 })),
    s.body.orderDiscount,
  ).total;

/** Sales the server refused: kept on the device with its words until a person sends them again. */
export function RefusedSalesDialog({
  open,
  onOpenChange,
  sales,
  currency,
  onRetry,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sales: QueuedSale[];
  currency: string | null;
  onRetry: (id: string) => void;
}) {
  const { t, language } = useI18n();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('posRegister.refused.title')}
      description={t('posRegister.refused.intro')}
      wide
      footer={
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('common.close')}
        </Button>
      }
    >
      {sales.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('posRegister.refused.none')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {sales.map((s) => (
            <li key={s.id} className="flex flex-col gap-2 rounded-md border p-3 text-sm">
              <div className="flex flex-wrap justify-between gap-2">
                <span className="font-medium">
                  {t('posRegister.refused.sale', { id: shortId(s.id), time: when(s.body.soldAt, language) })}
                </span>
                <span className="tabular-nums">{formatMoney(totalOf(s), currency, language)}</span>
              </div>
              <p role="alert" className="rounded bg-destructive/5 p-2 text-destructive">
                {s.lastError}
                {s.fields.length > 0 && ` (${s.fields.map((f) => `${f.field}: ${f.message}`).join('; ')})`}
              </p>
              <Button size="sm" variant="outline" className="self-start" onClick={() => onRetry(s.id)}>
                {t('posRegister.refused.retry')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </FormDialog>
  );
}

/** Parked carts of this register: resume one (the cart on screen is parked in its place) or remove it. */
export function ParkedCartsDialog({
  open,
  onOpenChange,
  parked,
  currency,
  onResume,
  onDiscard,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  parked: ParkedCart[];
  currency: string | null;
  onResume: (id: string) => void;
  onDiscard: (id: string) => void;
}) {
  const { t, language } = useI18n();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('posRegister.parked.title')}
      wide
      footer={
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('common.close')}
        </Button>
      }
    >
      {parked.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('posRegister.parked.none')}</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-md border">
          {parked.map((p) => (
            <li key={p.cart.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              <div className="me-auto">
                <div className="font-medium">{p.cart.customerName.trim() || t('posRegister.parked.cart', { id: shortId(p.cart.id) })}</div>
                <div className="text-xs text-muted-foreground">
                  {t('posRegister.parked.detail', {
                    time: when(p.parkedAt, language),
                    count: p.cart.lines.reduce((a, l) => a + l.quantity, 0),
                  })}
                </div>
              </div>
              <span className="tabular-nums">{formatMoney(priceCart(p.cart).total, currency, language)}</span>
              <Button size="sm" onClick={() => onResume(p.cart.id)}>
                {t('posRegister.parked.resume')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => onDiscard(p.cart.id)}>
                {t('posRegister.parked.discard')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </FormDialog>
  );
}
