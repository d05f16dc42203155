/**
 * How a payment is split over a vendor's open invoices by default: the invoice it was taken for first, then
 * the others in the order given (oldest due first), each up to its open balance. What cannot be placed is
 * left over; the server refuses a payment whose allocations do not add up to its amount.
 */
export function autoAllocate(amount: number, invoices: readonly { id: string; balance: number }[], firstId?: string): Map<string, number> {
  const ordered = [...invoices.filter((i) => i.id === firstId), ...invoices.filter((i) => i.id !== firstId)];
  const out = new Map<string, number>();
  let left = Math.max(0, amount);
  for (const inv of ordered) {
    const share = Math.min(left, Math.max(0, inv.balance));
    out.set(inv.id, share);
    left -= share;
  }
  return out;
}
