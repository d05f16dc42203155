import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatRate, localName } from '../sessions/pos-format';
import type { PosOrder, PosOrderLine } from './orders-api';

/** The order's lines, one group per vendor (lines without a vendor last), each group with its subtotal. */
export function groupByVendor(
  lines: readonly PosOrderLine[],
): { vendorId: string | null; vendorName: string | null; lines: PosOrderLine[] }[] {
  const groups = new Map<string, { vendorId: string | null; vendorName: string | null; lines: PosOrderLine[] }>();
  for (const l of lines) {
    const key = l.vendorId ?? '';
    const g = groups.get(key) ?? { vendorId: l.vendorId, vendorName: l.vendorName, lines: [] };
    g.lines.push(l);
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) => (a.vendorId === null ? 1 : b.vendorId === null ? -1 : 0));
}

export function OrderLines({ order, money }: { order: PosOrder; money: (minor: number) => string }) {
  const { t, language } = useI18n();
  const sale = order.kind === 'sale';
  const head = [
    t('orders.line.item'),
    t('orders.line.quantity'),
    t('orders.line.price'),
    t('orders.line.discount'),
    t('orders.line.tax'),
    t('orders.line.total'),
    t('orders.line.commission'),
    ...(sale ? [t('orders.line.returned')] : []),
  ];
  return (
    <div className="flex flex-col gap-3">
      {groupByVendor(order.lines).map((g) => (
        <section key={g.vendorId ?? 'none'} className="rounded-md border" data-testid={`vendor-${g.vendorName ?? 'none'}`}>
          <h4 className="flex justify-between gap-2 border-b bg-muted/40 px-3 py-1.5 text-sm font-medium">
            <span>{g.vendorName ?? t('orders.noVendor')}</span>
            <span className="tabular-nums">{money(g.lines.reduce((s, l) => s + l.total, 0))}</span>
          </h4>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-sm">
              <thead className="text-xs text-muted-foreground">
                <tr>
                  {head.map((h, i) => (
                    <th key={h} scope="col" className={`px-3 py-1 font-medium ${i === 0 ? 'text-start' : 'text-end'}`}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {g.lines.map((l) => (
                  <tr key={l.id} className="border-t" data-testid={`line-${l.sku}`}>
                    <th scope="row" className="px-3 py-1.5 text-start font-normal">
                      <span className="block" dir="auto">
                        {localName(language, l.nameEn, l.nameAr)}
                      </span>
                      <span className="text-xs text-muted-foreground" dir="ltr">
                        {l.sku}
                      </span>
                      {l.soldPastZero && <span className="ms-2 text-xs text-amber-700">{t('orders.line.pastZero')}</span>}
                      {!sale && l.restocked && <span className="ms-2 text-xs text-emerald-700">{t('orders.line.restocked')}</span>}
                    </th>
                    <td className="px-3 py-1.5 text-end tabular-nums">{l.quantity}</td>
                    <td className="px-3 py-1.5 text-end tabular-nums">{money(l.unitPrice)}</td>
                    <td className="px-3 py-1.5 text-end tabular-nums">{l.discount ? money(l.discount) : '—'}</td>
                    <td className="px-3 py-1.5 text-end tabular-nums">
                      {money(l.tax)} <span className="text-xs text-muted-foreground">({formatRate(l.taxRateBasisPoints, language)})</span>
                    </td>
                    <td className="px-3 py-1.5 text-end font-medium tabular-nums">{money(l.total)}</td>
                    <td className="px-3 py-1.5 text-end tabular-nums">{money(l.commission)}</td>
                    {sale && <td className="px-3 py-1.5 text-end tabular-nums">{l.returnedQuantity || '—'}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}
