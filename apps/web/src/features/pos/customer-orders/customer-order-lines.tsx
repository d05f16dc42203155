import { useI18n } from '../../../app/i18n/i18n-provider';
import { localName } from '../sessions/pos-format';
import type { CustomerOrderLine } from './customer-orders-api';

/** The order's lines: item and SKU, vendor, quantity, price, discount (with the line's share of the order's) and total. */
export function CustomerOrderLines({ lines, money }: { lines: readonly CustomerOrderLine[]; money: (minor: number) => string }) {
  const { t, language } = useI18n();
  const head = [
    t('customerOrders.line.item'),
    t('customerOrders.line.vendor'),
    t('customerOrders.line.quantity'),
    t('customerOrders.line.price'),
    t('customerOrders.line.discount'),
    t('customerOrders.line.total'),
  ];
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full min-w-[36rem] text-sm" data-testid="customer-order-lines">
        <thead className="bg-muted/40 text-xs text-muted-foreground">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={`px-3 py-1.5 font-medium ${i < 2 ? 'text-start' : 'text-end'}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.id} className="border-t" data-testid={`customer-order-line-${l.sku}`}>
              <th scope="row" className="px-3 py-1.5 text-start font-normal">
                <span className="block" dir="auto">
                  {localName(language, l.nameEn, l.nameAr)}
                </span>
                <span className="text-xs text-muted-foreground" dir="ltr">
                  {l.sku}
                </span>
                {l.stockTaken && <span className="ms-2 text-xs text-emerald-700">{t('customerOrders.line.stockTaken')}</span>}
              </th>
              <td className="px-3 py-1.5 text-start" dir="auto">
                {l.vendorName ?? t('customerOrders.line.noVendor')}
              </td>
              <td className="px-3 py-1.5 text-end tabular-nums">{l.quantity}</td>
              <td className="px-3 py-1.5 text-end tabular-nums">{money(l.unitPrice)}</td>
              <td className="px-3 py-1.5 text-end tabular-nums">{l.discount ? money(l.discount) : '—'}</td>
              <td className="px-3 py-1.5 text-end font-medium tabular-nums">{money(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
