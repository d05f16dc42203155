import { IDEMPOTENCY_HEADER, marketAssignmentsRoutes, paymentManagementRoutes as r, type BodyOf } from '@market/contracts/plain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../app/i18n/i18n-provider';
import { api } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { paymentKeys } from './payment-management-api';

export type PaymentBody = BodyOf<typeof r.createPayment>;
export type RefundBody = BodyOf<typeof r.createRefund>;
export type AdjustmentBody = BodyOf<typeof r.adjustInvoice>;
export type FeeRuleCreate = BodyOf<typeof r.createFeeRule>;
export type FeeRuleUpdate = Omit<BodyOf<typeof r.updateFeeRule>, 'expectedUpdatedAt'>;
export type PoliciesBody = BodyOf<typeof marketAssignmentsRoutes.updateMarketPolicies>;

/**
 * The `Idempotency-Key` of one opening of a money dialog. The dialog is mounted when it opens, so the key is
 * made once per opening and kept across a retry and a double click: the server records the action once and
 * answers a repeat with the stored result. A new opening is a new action with a new key.
 */
export function useIdempotencyKey(): string {
  const [key] = useState(() => crypto.randomUUID());
  return key;
}

const withKey = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });

/** A money write: every figure on the page comes from the ledger, so everything this feature read is reloaded. */
function useMoneyWrite<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      // The board shows each booking's invoice state: it reloads too (its keys start with 'market-assignments').
      await Promise.all([qc.invalidateQueries({ queryKey: paymentKeys.all }), qc.invalidateQueries({ queryKey: ['market-assignments'] })]);
    },
  });
}

/** The booking's invoices from its fee preview; the server prices them from the sales declared on the booking. */
export const useCreateAssignmentInvoices = (assignmentId: string) =>
  useMoneyWrite(({ key }: { key: string }) =>
    api(r.createAssignmentInvoices, { params: { id: assignmentId }, body: {}, headers: withKey(key) }),
  );

/** Invoices the share of sales of a booking invoiced before its sales were declared (once; one key per opening). */
export const useCreateSalesShareInvoice = (assignmentId: string) =>
  useMoneyWrite(({ key }: { key: string }) => api(r.createSalesShareInvoice, { params: { id: assignmentId }, headers: withKey(key) }));

/**
 * Records the sales declared for the booking: a value put in place (no key: a repeat changes nothing). The fee
 * preview and what it offers to invoice follow from it, so the feature's reads reload.
 */
export const useDeclareSales = (assignmentId: string) =>
  useMoneyWrite(({ amount }: { amount: number }) => api(r.declareSales, { params: { id: assignmentId }, body: { amount } }));

export const useRecordPayment = () =>
  useMoneyWrite(({ key, body }: { key: string; body: PaymentBody }) => api(r.createPayment, { body, headers: withKey(key) }));

export const useRefund = () =>
  useMoneyWrite(({ key, body }: { key: string; body: RefundBody }) => api(r.createRefund, { body, headers: withKey(key) }));

export const useAdjustInvoice = () =>
  useMoneyWrite(({ key, invoiceId, body }: { key: string; invoiceId: string; body: AdjustmentBody }) =>
    api(r.adjustInvoice, { params: { id: invoiceId }, body, headers: withKey(key) }),
  );

export const useCancelInvoice = () =>
  useMoneyWrite(({ key, invoiceId, reason }: { key: string; invoiceId: string; reason: string }) =>
    api(r.cancelInvoice, { params: { id: invoiceId }, body: { reason }, headers: withKey(key) }),
  );

export const useIssueInvoice = () =>
  useMoneyWrite(({ key, invoiceId }: { key: string; invoiceId: string }) =>
    api(r.issueInvoice, { params: { id: invoiceId }, headers: withKey(key) }),
  );

/** Queues the invoice to the vendor's address: no money moves, so no key; the invoice's history gains the send. */
export function useEmailInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: string) => api(r.emailInvoice, { params: { id: invoiceId } }),
    onSuccess: (_sent, invoiceId) => qc.invalidateQueries({ queryKey: paymentKeys.invoice(invoiceId) }),
  });
}

/** The ledger consistency check as the admin action (recorded in the audit log); it changes nothing else. */
export const useLedgerCheck = () => useMutation({ mutationFn: () => api(r.runLedgerConsistencyCheck) });

/** Fee rules and the market policy are settings, not money movements: they carry the record's updatedAt instead. */
function useSettingsGuard() {
  const qc = useQueryClient();
  const t = useT();
  const reload = () => qc.invalidateQueries({ queryKey: paymentKeys.all });
  return <T>(run: () => Promise<T>) => guardStale(run, t('edit.staleWrite'), reload);
}

export function useSaveFeeRule() {
  const qc = useQueryClient();
  const guard = useSettingsGuard();
  return useMutation({
    mutationFn: (v: { id: string; body: FeeRuleUpdate; expectedUpdatedAt: string } | { id?: undefined; body: FeeRuleCreate }) =>
      v.id !== undefined
        ? guard(() => api(r.updateFeeRule, { params: { id: v.id }, body: { ...v.body, expectedUpdatedAt: v.expectedUpdatedAt } }))
        : api(r.createFeeRule, { body: v.body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

export function useDeleteFeeRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(r.deleteFeeRule, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: paymentKeys.feeRules }),
  });
}

export function useSavePolicies() {
  const qc = useQueryClient();
  const guard = useSettingsGuard();
  return useMutation({
    mutationFn: (body: PoliciesBody) => guard(() => api(marketAssignmentsRoutes.updateMarketPolicies, { body })),
    onSuccess: (saved) => qc.setQueryData(paymentKeys.policies, saved),
  });
}
