import type { vendorPortalRoutes } from '@market/contracts';

// What the vendor dashboard's tests are answered with: contract-shaped market days (parse them with the route's
// response schema where a test sends them).

export const STAMP = '2026-03-01T09:00:00.000Z';
export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export function day(n: number, over: Partial<vendorPortalRoutes.VendorMarketDay> = {}): vendorPortalRoutes.VendorMarketDay {
  return {
    id: id(n),
    requestId: id(n + 100),
    assignmentId: id(n),
    marketDayId: id(n + 200),
    date: `2026-04-${String(n).padStart(2, '0')}`,
    openTime: '09:00',
    closeTime: '14:00',
    dayStatus: 'published',
    locationId: id(300),
    locationNameEn: 'Harbour Square',
    locationNameAr: 'ساحة الميناء',
    categoryId: id(400),
    categoryNameEn: 'Food',
    categoryNameAr: 'طعام',
    categoryColour: '#16a34a',
    requestStatus: 'accepted',
    bookingStatus: 'confirmed',
    slotCode: `A-${n}`,
    invoiceState: 'none',
    declaredSales: null,
    canDeclareSales: false,
    ...over,
  };
}
