import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../../db/client.js';
import { loadOrgSmtp, senderOf, SMTP_TIMEOUTS, transportFor } from './email-smtp.js';
import { redactBodies } from './email-redact.js';
import { WakeLoop } from '../../lib/wake-loop.js';
import {
  claimDue,
  failAbandoned,
  insertEmail,
  markFailed,
  markSent,
  notifyOutbox,
  OUTBOX_CHANNEL,
  type OutboxRow,
} from './email.repository.js';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template: string;
  orgId?: string | null;
}

export const MAX_ATTEMPTS = 8;

/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min, ... capped at 1 h, with ±10 % jitter so retries spread out. */
export function retryDelayMs(attempts: number): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

/** SMTP 5xx replies are permanent (unknown mailbox, rejected sender): retrying cannot help. */
export function isPermanentSmtpError(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Subscribes to NOTIFY, so a message committed by any instance wakes this sender at once. */
  listen?: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  maxAttempts?: number;
  backoffMs?: (attempts: number) => number;
  /** How many messages one claim takes; they are sent concurrently. */
  batchSize?: number;
  /** Lease on a claimed message; must outlast the SMTP timeouts below, or a slow send could be claimed twice. */
  leaseSeconds?: number;
  /** Safety net for retries coming due and expired leases; new messages wake the sender at once. */
  pollMs?: number;
  /**
   * Opens organizations' sealed SMTP passwords (settings): with it, an organization's mail goes through its own
   * SMTP server when it set one, and is sent even when the server has none.
   */
  settingsKey?: Buffer;
  /** An organization's own SMTP server may be on a private address (SMTP_ALLOW_PRIVATE_HOSTS). */
  orgSmtpAllowPrivate?: boolean;
}
const STOP_WAIT_MS = 5_000;

/**
 * E-mail goes through the outbox: written in the caller's transaction, then sent by a background
 * worker over SMTP with retries. Without SMTP_URL messages are kept (status 'kept') for a super admin to read.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly maxAttempts: number;
  private readonly backoffMs: (attempts: number) => number;
  private readonly batchSize: number;
  private readonly leaseSeconds: number;
  private readonly loop = new WakeLoop(async () => (await this.runOnce()) >= this.batchSize);

  constructor(
    private readonly db: Db,
    private readonly opts: MailerOptions,
  ) {
    this.transport = opts.smtpUrl ? nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS }) : null;
    this.maxAttempts = opts.maxAttempts ?? MAX_ATTEMPTS;
    this.backoffMs = opts.backoffMs ?? retryDelayMs;
    this.batchSize = opts.batchSize ?? 5;
    this.leaseSeconds = opts.leaseSeconds ?? 120;
  }

  get delivers(): boolean {
    return this.transport !== null;
  }

  /** Whether the sender runs at all: with the server's SMTP, or for organizations with their own. */
  private get sends(): boolean {
    return this.transport !== null || this.opts.settingsKey !== undefined;
  }

  /** The organization's own SMTP server, when it set one. */
  private orgSmtp(db: DbOrTx, orgId: string | null | undefined) {
    return orgId && this.opts.settingsKey ? loadOrgSmtp(db, this.opts.settingsKey, orgId) : Promise.resolve(null);
  }

  /** True once the sender receives NOTIFY wake-ups. */
  get listening(): boolean {
    return this.loop.listening;
  }

  /** Queues a message in the caller's transaction (or at once with the plain db). */
  async enqueue(db: DbOrTx, msg: EmailMessage): Promise<OutboxRow> {
    const deliverable = this.transport !== null || (await this.orgSmtp(db, msg.orgId)) !== null;
    const row = await insertEmail(db, {
      orgId: msg.orgId ?? null,
      toAddress: msg.to,
      subject: msg.subject,
      textBody: msg.text,
      htmlBody: msg.html ?? null,
      template: msg.template,
      status: deliverable ? 'pending' : 'kept',
    });
    if (deliverable) {
      await notifyOutbox(db);
      // Outside a transaction the row is already visible; inside one, the NOTIFY at commit wakes us.
      if (db === this.db) this.wake();
    }
    return row;
  }

  /** Sends what is due once; returns how many messages were claimed. */
  async runOnce(): Promise<number> {
    if (!this.sends) return 0;
    await failAbandoned(this.db, this.maxAttempts);
    const claimed = await claimDue(this.db, this.batchSize, this.leaseSeconds, this.maxAttempts);
    await Promise.all(claimed.map((m) => this.deliver(m)));
    return claimed.length;
  }

  private async deliver(m: OutboxRow): Promise<void> {
    let own: Transporter | null = null;
    try {
      const smtp = await this.orgSmtp(this.db, m.orgId);
      own = smtp ? await transportFor(smtp, this.opts.orgSmtpAllowPrivate ?? false) : null;
      const transport = own ?? this.transport;
      // Queued while the organization had its own server, which it has since removed: nothing can send it.
      if (!transport) throw Object.assign(new Error('No SMTP server is configured for this message'), { responseCode: 550 });
      await transport.sendMail({
        from: smtp ? senderOf(smtp) : this.opts.from,
        to: m.toAddress,
        subject: m.subject,
        text: m.textBody,
        html: m.htmlBody ?? undefined,
      });
    } catch (err) {
      const final = m.attempts >= this.maxAttempts || isPermanentSmtpError(err);
      await markFailed(this.db, m.id, m.attempts, errorText(err), final ? null : this.backoffMs(m.attempts));
      return;
    } finally {
      own?.close();
    }
    await markSent(this.db, m.id, m.attempts, redactBodies(m));
  }

  /** Runs the sender in the background until stop(). */
  start(pollMs = this.opts.pollMs ?? 5000): void {
    if (!this.sends) return;
    this.loop.start(pollMs, this.opts.listen && { listen: this.opts.listen, channel: OUTBOX_CHANNEL });
  }

  /** Makes the sender look for due messages now. */
  wake(): void {
    this.loop.wake();
  }

  /** Stops the sender, waiting (briefly) for messages being sent; an unfinished one is retried when its lease expires. */
  async stop(): Promise<void> {
    await this.loop.stop(STOP_WAIT_MS);
    this.transport?.close();
  }
}

export function errorText(err: unknown): string {
  const e = err as { message?: unknown; code?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return typeof e?.code === 'string' && !message.includes(e.code) ? `${e.code}: ${message}` : message;
}
