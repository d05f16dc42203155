import { useI18n } from '../../../app/i18n/i18n-provider';
import { fieldClass } from '../../../components/ui/form-dialog';
import { localName } from '../sessions/pos-format';
import type { PosOrder, PosOrderLine } from './orders-api';

export interface LinePick {
  on: boolean;
  /** As typed. */
  quantity: string;
  restock: boolean;
}

const big = BigInt;
/** a * n / d rounded half up, exactly (the server's rounding of a returned share). */
const share = (a: number, n: number, d: number) => Number((2n * big(a) * big(n) + big(d)) / (2n * big(d)));

/**
 * What returning `quantity` more of a line gives back: the server's own arithmetic (the share of the line's total
 * up to what is returned, less what earlier returns took), so the estimate matches the recorded refund.
 */
export function returnedShare(total: number, sold: number, returnedBefore: number, quantity: number): number {
  return share(total, returnedBefore + quantity, sold) - share(total, returnedBefore, sold);
}

export function refundEstimate(lines: readonly PosOrderLine[], picks: Record<string, LinePick>): number {
  return lines.reduce((sum, l) => {
    const p = picks[l.id];
    const q = Number(p?.quantity);
    const left = l.quantity - l.returnedQuantity;
    return p?.on && Number.isInteger(q) && q >= 1 && q <= left ? sum + returnedShare(l.total, l.quantity, l.returnedQuantity, q) : sum;
  }, 0);
}

/** The sale's lines to choose from: those with something left to return, each with its quantity and restock choice. */
export function ReturnLines({
  order,
  picks,
  onChange,
  error,
}: {
  order: PosOrder;
  picks: Record<string, LinePick>;
  onChange: (lineId: string, pick: LinePick) => void;
  error: (line: PosOrderLine) => string | undefined;
}) {
  const { t, language } = useI18n();
  return (
    <table className="w-full text-sm" data-testid="return-lines">
      <caption className="sr-only">{t('orders.return.linesCaption')}</caption>
      <thead className="text-xs text-muted-foreground">
        <tr>
          <th scope="col" className="px-2 py-1 text-start font-medium">
            {t('orders.line.item')}
          </th>
          <th scope="col" className="px-2 py-1 text-end font-medium">
            {t('orders.return.left')}
          </th>
          <th scope="col" className="px-2 py-1 text-end font-medium">
            {t('orders.return.quantity')}
          </th>
          <th scope="col" className="px-2 py-1 text-center font-medium">
            {t('orders.return.restock')}
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((l) => {
          const left = l.quantity - l.returnedQuantity;
          const name = localName(language, l.nameEn, l.nameAr);
          const pick = picks[l.id] ?? { on: false, quantity: String(left), restock: !!l.variantId };
          const e = pick.on ? error(l) : undefined;
          return (
            <tr key={l.id} className="border-t align-top" data-testid={`return-line-${l.sku}`}>
              <th scope="row" className="px-2 py-1.5 text-start font-normal">
                <label className="flex items-start gap-2">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4"
                    checked={pick.on}
                    disabled={left <= 0}
                    onChange={(ev) => onChange(l.id, { ...pick, on: ev.target.checked })}
                    aria-label={t('orders.return.pick', { item: name })}
                  />
                  <span>
                    <span className="block" dir="auto">
                      {name}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {l.vendorName ?? t('orders.noVendor')} · {t('orders.return.sold', { sold: l.quantity, returned: l.returnedQuantity })}
                    </span>
                  </span>
                </label>
              </th>
              <td className="px-2 py-1.5 text-end tabular-nums">{left}</td>
              <td className="px-2 py-1">
                <input
                  type="number"
                  min={1}
                  max={left}
                  step={1}
                  dir="ltr"
                  className={`${fieldClass} w-20 text-end tabular-nums`}
                  value={pick.quantity}
                  disabled={!pick.on}
                  aria-label={t('orders.return.quantityOf', { item: name })}
                  aria-invalid={!!e}
                  onChange={(ev) => onChange(l.id, { ...pick, quantity: ev.target.value })}
                />
                {e && <span className="block text-xs text-destructive">{e}</span>}
              </td>
              <td className="px-2 py-1.5 text-center">
                {l.variantId ? (
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={pick.restock}
                    disabled={!pick.on}
                    aria-label={t('orders.return.restockOf', { item: name })}
                    onChange={(ev) => onChange(l.id, { ...pick, restock: ev.target.checked })}
                  />
                ) : (
                  <span className="text-xs text-muted-foreground" title={t('orders.return.noStock')}>
                    —
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
