// Point of sale: the lists and limits its schemas, the server and the screens share.

/** How a sale can be paid. Cash opens the drawer and gives change. */
export const POS_TENDERS = ['cash', 'card', 'bank_transfer', 'voucher', 'other'] as const;
export type PosTender = (typeof POS_TENDERS)[number];

/** An archived register keeps its history and takes no new session. */
export const POS_REGISTER_STATUSES = ['active', 'archived'] as const;
export type PosRegisterStatus = (typeof POS_REGISTER_STATUSES)[number];

export const POS_REGISTER_LIMITS = {
  name: 80,
  receiptText: 500,
  /** The default opening float, in minor units (100,000.00 in a two-decimal currency). */
  openingFloatMax: 10_000_000,
} as const;
