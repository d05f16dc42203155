import type { marketAssignmentsRoutes as ma, paymentManagementRoutes as r } from '@market/contracts';
import {
  marketAssignmentsRoutes,
  marketCategoriesRoutes,
  marketDaysRoutes,
  paymentManagementRoutes,
  vendorsRoutes,
  type InvoiceState,
  type QueryOf,
} from '@market/contracts/plain';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, apiUrl, apiErrorOf, authHeaders } from '../../lib/api';

export type Invoice = r.Invoice;
export type InvoiceDetail = r.InvoiceDetail;
export type InvoiceLine = InvoiceDetail['lines'][number];
export type InvoiceAllocation = InvoiceDetail['allocations'][number];
export type AssignmentFees = r.AssignmentFees;
export type FeeRule = r.FeeRule;
export type PaymentDetail = r.PaymentDetail;
export type Refund = r.Refund;
export type LedgerEntry = r.LedgerEntry;
export type VendorStatement = r.VendorStatement;
export type RefundWindow = r.RefundWindow;
export type Assignment = ma.MarketAssignmentDetail;
export type MarketPolicies = ma.MarketPolicies;

/** The filters of the payments overview (all optional; the URL holds them). */
export interface InvoiceFilters {
  state?: InvoiceState;
  vendorId?: string;
  marketDayId?: string;
  overdue?: boolean;
  q?: string;
}

const invoiceQuery = (f: InvoiceFilters): QueryOf<typeof paymentManagementRoutes.listInvoices> => ({
  state: f.state,
  vendorId: f.vendorId,
  marketDayId: f.marketDayId,
  overdue: f.overdue ? 'true' : undefined,
  q: f.q?.trim() || undefined,
});

/** One key factory for everything this feature reads; a money write invalidates `all`. */
export const paymentKeys = {
  all: ['payment-management'] as const,
  assignment: (id: string) => ['payment-management', 'assignment', id] as const,
  fees: (assignmentId: string, declaredSales: number | null) => ['payment-management', 'fees', assignmentId, declaredSales] as const,
  invoice: (id: string) => ['payment-management', 'invoice', id] as const,
  refundWindow: (invoiceId: string) => ['payment-management', 'refund-window', invoiceId] as const,
  invoices: (f: InvoiceFilters) => ['payment-management', 'invoices', f] as const,
  openInvoices: (vendorId: string) => ['payment-management', 'open-invoices', vendorId] as const,
  payment: (id: string) => ['payment-management', 'payment', id] as const,
  feeRules: ['payment-management', 'fee-rules'] as const,
  policies: ['payment-management', 'policies'] as const,
  statement: (vendorId: string, from: string, to: string) => ['payment-management', 'statement', vendorId, from, to] as const,
  vendors: ['payment-management', 'vendors'] as const,
  days: (from: string, to: string) => ['payment-management', 'days', from, to] as const,
  categories: ['payment-management', 'categories'] as const,
  baseCurrency: ['payment-management', 'base-currency'] as const,
  printTexts: (language: string) => ['payment-management', 'print-texts', language] as const,
};

/** The booking the page is about (market assignments feature's route): vendor, day, location, slot, category. */
export function useAssignment(id: string) {
  return useQuery({
    queryKey: paymentKeys.assignment(id),
    queryFn: () => api(marketAssignmentsRoutes.getAssignment, { params: { id } }),
  });
}

export function useAssignmentFees(assignmentId: string, declaredSales: number | null) {
  return useQuery({
    queryKey: paymentKeys.fees(assignmentId, declaredSales),
    queryFn: () =>
      api(paymentManagementRoutes.getAssignmentFees, {
        params: { id: assignmentId },
        query: declaredSales === null ? {} : { declaredSales: String(declaredSales) },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(id: string | null) {
  return useQuery({
    queryKey: paymentKeys.invoice(id ?? ''),
    queryFn: () => api(paymentManagementRoutes.getInvoice, { params: { id: id! } }),
    enabled: !!id,
  });
}

/** Whether a refund on the invoice is inside its booking's refund window (read afresh at each opening of the dialog). */
export function useRefundWindow(invoiceId: string) {
  return useQuery({
    queryKey: paymentKeys.refundWindow(invoiceId),
    queryFn: () => api(paymentManagementRoutes.getRefundWindow, { params: { id: invoiceId } }),
    staleTime: 0,
  });
}

/** The payments overview list: pages of 50 by cursor, with the totals over the whole filter. */
export function useInvoiceList(f: InvoiceFilters) {
  return useInfiniteQuery({
    queryKey: paymentKeys.invoices(f),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api(paymentManagementRoutes.listInvoices, { query: { ...invoiceQuery(f), cursor: pageParam, limit: '50' } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** Issued invoices of a vendor that still have a balance: where a payment can go. */
export function useOpenInvoices(vendorId: string) {
  return useQuery({
    queryKey: paymentKeys.openInvoices(vendorId),
    queryFn: async () => {
      const page = await api(paymentManagementRoutes.listInvoices, { query: { vendorId, limit: '200' } });
      return page.items
        .filter((i) => i.status === 'issued' && i.balance > 0)
        .sort((a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? '') || (a.number ?? '').localeCompare(b.number ?? ''));
    },
  });
}

export function usePayment(id: string | null) {
  return useQuery({
    queryKey: paymentKeys.payment(id ?? ''),
    queryFn: () => api(paymentManagementRoutes.getPayment, { params: { id: id! } }),
    enabled: !!id,
  });
}

/** The organization's base currency (null while master data names none: money writes are refused then). */
export function useBaseCurrency() {
  return useQuery({
    queryKey: paymentKeys.baseCurrency,
    queryFn: async () => (await api(paymentManagementRoutes.paymentsOverview)).currency,
    staleTime: 60_000,
  });
}

export function useFeeRules() {
  return useQuery({ queryKey: paymentKeys.feeRules, queryFn: () => api(paymentManagementRoutes.listFeeRules) });
}

export function useMarketPolicies() {
  return useQuery({ queryKey: paymentKeys.policies, queryFn: () => api(marketAssignmentsRoutes.getMarketPolicies) });
}

export function useVendorStatement(vendorId: string, from: string, to: string) {
  return useQuery({
    queryKey: paymentKeys.statement(vendorId, from, to),
    queryFn: () =>
      api(paymentManagementRoutes.getVendorLedger, { params: { id: vendorId }, query: { from: from || undefined, to: to || undefined } }),
    placeholderData: keepPreviousData,
  });
}

/** Vendors to filter by (the first 100 by name; the search box finds the rest by name). */
export function useVendorOptions() {
  return useQuery({
    queryKey: paymentKeys.vendors,
    queryFn: () => api(vendorsRoutes.listVendors, { query: { sort: 'name', pageSize: '100' } }),
    staleTime: 60_000,
  });
}

/** Market days around today, to filter invoices by day. */
export function useDayOptions(from: string, to: string) {
  return useQuery({
    queryKey: paymentKeys.days(from, to),
    queryFn: () => api(marketDaysRoutes.listMarketDays, { query: { from, to, limit: '2000' } }),
    staleTime: 60_000,
  });
}

export function useCategoryOptions() {
  return useQuery({
    queryKey: paymentKeys.categories,
    queryFn: () => api(marketCategoriesRoutes.listCategories, { query: { status: 'all' } }),
    staleTime: 60_000,
  });
}

/**
 * Saves a file the server makes (an export, a statement), with the bearer, under the name the server gives it; a
 * refusal throws the API's error. The vendor portal saves the vendor's statement through it too.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
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
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function downloadInvoices(f: InvoiceFilters, format: 'csv' | 'xlsx'): Promise<void> {
  return downloadFile(apiUrl(paymentManagementRoutes.exportInvoices.path, undefined, { ...invoiceQuery(f), format }), `invoices.${format}`);
}

/** A statement file: CSV (English headers) or a PDF in `language`. */
export interface StatementFile {
  format: 'csv' | 'pdf';
  language: string;
}

export function downloadStatement(vendorId: string, from: string, to: string, file: StatementFile): Promise<void> {
  const query = { from, to, format: file.format, ...(file.format === 'pdf' ? { language: file.language } : {}) };
  return downloadFile(apiUrl(paymentManagementRoutes.exportVendorLedger.path, { id: vendorId }, query), `statement.${file.format}`);
}

/** An invoice as a PDF in `language`. */
export function downloadInvoicePdf(invoiceId: string, language: string): Promise<void> {
  return downloadFile(apiUrl(paymentManagementRoutes.getInvoicePdf.path, { id: invoiceId }, { language }), 'invoice.pdf');
}
