import type { vendorPortalRoutes as r } from '@market/contracts';
import { vendorPortalRoutes } from '@market/contracts/plain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUrl } from '../../lib/api';
import { downloadFile } from '../payment-management';
import { vendorMoneyKeys } from './vendor-portal-api';

export type VendorMarketDay = r.VendorMarketDay;
export type VendorInvoice = r.VendorInvoice;
export type VendorInvoiceDetail = r.VendorInvoiceDetail;

export function useOwnMarketDays() {
  return useQuery({ queryKey: vendorMoneyKeys.days, queryFn: () => api(vendorPortalRoutes.listVendorMarketDays) });
}

export function useOwnInvoices() {
  return useQuery({ queryKey: vendorMoneyKeys.invoices, queryFn: () => api(vendorPortalRoutes.listVendorInvoices) });
}

export function useOwnInvoice(id: string | null) {
  return useQuery({
    queryKey: vendorMoneyKeys.invoice(id ?? ''),
    queryFn: () => api(vendorPortalRoutes.getVendorInvoice, { params: { id: id! } }),
    enabled: !!id,
  });
}

/** The vendor's statement; '' leaves a bound open (both '' while the range is invalid). */
export function useOwnStatement(from: string, to: string) {
  return useQuery({
    queryKey: vendorMoneyKeys.statement(from, to),
    queryFn: () => api(vendorPortalRoutes.getVendorStatement, { query: { from: from || undefined, to: to || undefined } }),
    placeholderData: keepPreviousData,
  });
}

/** Saves the statement's CSV, with the bearer, under the name the server gives it (as staff save theirs). */
export function downloadOwnStatement(from: string, to: string): Promise<void> {
  return downloadFile(apiUrl(vendorPortalRoutes.exportVendorStatement.path, undefined, { from, to, format: 'csv' }), 'statement.csv');
}

/** Declares the sales of one of the vendor's own booked days (a value put in place); the market days reload. */
export function useDeclareOwnSales(bookingId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ amount }: { amount: number }) =>
      api(vendorPortalRoutes.declareVendorSales, { params: { id: bookingId }, body: { amount } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: vendorMoneyKeys.days }),
  });
}
