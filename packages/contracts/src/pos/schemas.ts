import { z } from 'zod';
import { concurrencyShape } from '../common/concurrency.js';
import { POS_REGISTER_LIMITS as L, POS_REGISTER_STATUSES, POS_TENDERS } from './constants.js';

// Registers of the point of sale: where a cashier sells, with its tenders and receipt texts.

const name = z.string().trim().min(1, 'is required').max(L.name, `at most ${L.name} characters`);
const receiptText = z.string().trim().max(L.receiptText, `at most ${L.receiptText} characters`);
const tenders = z
  .array(z.enum(POS_TENDERS, `must be one of ${POS_TENDERS.join(', ')}`))
  .min(1, 'choose at least one tender')
  .max(POS_TENDERS.length, `at most ${POS_TENDERS.length} tenders`)
  .refine((t) => new Set(t).size === t.length, 'lists a tender twice');

export const registerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The market location it stands at; null for a register that is not tied to one (an office, a web shop). */
  locationId: z.uuid().nullable(),
  locationNameEn: z.string().nullable(),
  locationNameAr: z.string().nullable(),
  /** Pre-filled when a session is opened, in minor units of the organization's currency. */
  openingFloat: z.number().int(),
  tenders: z.array(z.enum(POS_TENDERS)),
  receiptHeaderEn: z.string(),
  receiptHeaderAr: z.string(),
  receiptFooterEn: z.string(),
  receiptFooterAr: z.string(),
  /** Whether the register may sell an item whose stock is at zero (each such line is recorded as such). */
  allowNegativeStock: z.boolean(),
  /** The staff who may sell at it; empty: everyone with point-of-sale access. Managers may use every register. */
  cashierIds: z.array(z.uuid()),
  /** The point-of-sale channel whose latest snapshot the register sells; null: every active product. */
  channelId: z.uuid().nullable(),
  status: z.enum(POS_REGISTER_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PosRegister = z.infer<typeof registerSchema>;

export const registerCreateSchema = z
  .object({
    name,
    locationId: z.uuid('must be an id').nullable().optional(),
    openingFloat: z
      .number()
      .int('must be a whole number of minor units')
      .min(0, 'must be 0 or more')
      .max(L.openingFloatMax, `at most ${L.openingFloatMax}`)
      .optional(),
    tenders: tenders.optional(),
    receiptHeaderEn: receiptText.optional(),
    receiptHeaderAr: receiptText.optional(),
    receiptFooterEn: receiptText.optional(),
    receiptFooterAr: receiptText.optional(),
    allowNegativeStock: z.boolean('must be true or false').optional(),
    /** Only a manager (admin or super admin) sets who may use a register. */
    cashierIds: z
      .array(z.uuid('must be a user id'), 'must be a list of user ids')
      .max(L.cashiers, `at most ${L.cashiers} cashiers`)
      .refine((ids) => new Set(ids).size === ids.length, 'lists a cashier twice')
      .optional(),
    channelId: z.uuid('must be a channel id').nullable().optional(),
  })
  .strict();
export type PosRegisterCreate = z.infer<typeof registerCreateSchema>;

export const registerUpdateSchema = registerCreateSchema
  .partial()
  .extend({ status: z.enum(POS_REGISTER_STATUSES, 'must be active or archived').optional(), ...concurrencyShape })
  .strict();
export type PosRegisterUpdate = z.infer<typeof registerUpdateSchema>;

/** A point-of-sale channel a register may sell (catalog publishing, decision 021). */
export const posChannelSchema = z.object({ id: z.uuid(), name: z.string(), published: z.boolean() });
export type PosChannel = z.infer<typeof posChannelSchema>;

export const registerListQuery = z
  .object({ status: z.enum([...POS_REGISTER_STATUSES, 'all'], 'must be active, archived or all').optional() })
  .strict();

export * from './access-schemas.js';
export * from './session-schemas.js';
export * from './order-schemas.js';
export * from './settlement-schemas.js';
export * from './customer-order-schemas.js';
