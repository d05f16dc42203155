import type { vendorPortalRoutes as r } from '@market/contracts';
import { vendorPortalRoutes } from '@market/contracts/plain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUrl } from '../../lib/api';
import { downloadFile, type StatementFile } from '../payment-management';
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
export function downloadOwnStatement(from: string, to: string, file: StatementFile): Promise<void> {
  const query = { from, to, format: file.format, ...(file.format === 'pdf' ? { language: file.language } : {}) };
  return downloadFile(apiUrl(vendorPortalRoutes.exportVendorStatement.path, undefined, query), `statement.${file.format}`);
}

/** One of the vendor's own invoices as a PDF in `language`. */
export function downloadOwnInvoicePdf(invoiceId: string, language: string): Promise<void> {
  return downloadFile(apiUrl(vendorPortalRoutes.getVendorInvoicePdf.path, { id: invoiceId }, { language }), 'invoice.pdf');
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
