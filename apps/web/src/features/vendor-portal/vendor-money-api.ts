import type { vendorPortalRoutes as r } from '@market/contracts';
import { vendorPortalRoutes } from '@market/contracts/plain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiErrorOf, apiUrl, authHeaders } from '../../lib/api';

export type VendorMarketDay = r.VendorMarketDay;
export type VendorInvoice = r.VendorInvoice;
export type VendorInvoiceDetail = r.VendorInvoiceDetail;

/** One key factory for the vendor's own market days and money (never another vendor's: the server decides). */
export const vendorMoneyKeys = {
  all: ['vendor-portal', 'money'] as const,
  days: ['vendor-portal', 'money', 'days'] as const,
  invoices: ['vendor-portal', 'money', 'invoices'] as const,
  invoice: (id: string) => ['vendor-portal', 'money', 'invoice', id] as const,
  statement: (from: string, to: string) => ['vendor-portal', 'money', 'statement', from, to] as const,
};

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

/** Saves the statement's CSV, with the bearer, under the name the server gives it. */
export async function downloadOwnStatement(from: string, to: string): Promise<void> {
  const url = apiUrl(vendorPortalRoutes.exportVendorStatement.path, undefined, { from, to, format: 'csv' });
  const res = await fetch(url, { headers: await authHeaders() });
  if (!res.ok) {
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    throw apiErrorOf(res.status, json);
  }
  const blob = await res.blob();
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'statement.csv';
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
