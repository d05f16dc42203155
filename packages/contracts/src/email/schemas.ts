import { z } from 'zod';
import { EMAIL_STATUSES, EMAIL_TEST_TEMPLATES } from './constants.js';

export * from './constants.js';

/** One outbox message without its bodies (lists never carry bodies: they may hold sign-in links). */
export const emailSummarySchema = z.object({
  id: z.uuid(),
  toAddress: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type EmailSummary = z.infer<typeof emailSummarySchema>;

export const emailDetailSchema = emailSummarySchema.extend({
  textBody: z.string(),
  htmlBody: z.string().nullable(),
  /** True once delivered over SMTP: the outbox keeps the words, not the links and codes (they were the recipient's). */
  bodyRedacted: z.boolean(),
  nextAttemptAt: z.string(),
  updatedAt: z.string(),
});
export type EmailDetail = z.infer<typeof emailDetailSchema>;

// PostgreSQL text cannot hold U+0000: refuse it as input instead of failing on insert.
const NO_NUL = /^[^\u0000]*$/;
const noNul = 'must not contain the character U+0000';

const limitParam = z
  .string()
  .regex(/^\d{1,3}$/, 'must be a whole number from 1 to 100')
  .transform(Number)
  .pipe(z.number().int().min(1, 'must be at least 1').max(100, 'must be at most 100'));

export const emailOutboxQuery = z
  .object({
    status: z.enum(EMAIL_STATUSES).optional(),
    to: z.string().trim().min(1, 'is required').max(320, 'at most 320 characters').regex(NO_NUL, noNul).optional(),
    template: z.string().trim().min(1, 'is required').max(100, 'at most 100 characters').regex(NO_NUL, noNul).optional(),
    /** Keyset paging: the id of the last message of the previous page. */
    before: z.uuid('must be the id of a message').optional(),
    limit: limitParam.optional(),
  })
  .strict();

export const emailOutboxPageSchema = z.object({
  items: z.array(emailSummarySchema),
  /** Pass as `before` for the next page; null on the last page. */
  nextCursor: z.uuid().nullable(),
});

export const emailTestCreateSchema = z
  .object({
    to: z.email('must be an e-mail address').max(320, 'at most 320 characters'),
    template: z.enum(EMAIL_TEST_TEMPLATES).optional(),
    subject: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(200, 'at most 200 characters')
      .regex(/^[^\r\n]*$/, 'must be one line')
      .regex(NO_NUL, noNul)
      .optional(),
    message: z.string().trim().min(1, 'is required').max(5000, 'at most 5000 characters').regex(NO_NUL, noNul).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    // A plain message is written by the sender; the other templates bring their own text.
    if ((v.template ?? 'plain') !== 'plain') return;
    if (v.subject === undefined) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'is required without a template' });
    if (v.message === undefined) ctx.addIssue({ code: 'custom', path: ['message'], message: 'is required without a template' });
  });
export type EmailTestCreate = z.infer<typeof emailTestCreateSchema>;
