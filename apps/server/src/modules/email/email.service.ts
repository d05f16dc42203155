import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../../db/client.js';
import { claimDue, insertEmail, markFailed, markSent, type OutboxRow } from './email.repository.js';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template: string;
  orgId?: string | null;
}

export const MAX_ATTEMPTS = 8;

/** Backoff between attempts: 30 s, 1 min, 2 min, ... capped at 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * E-mail goes through the outbox: written in the caller's transaction, then sent by a background
 * worker over SMTP with retries. Without SMTP_URL messages are kept (status 'kept') for a super admin to read.
 */
export class Mailer {
  private transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly opts: { smtpUrl?: string; from: string },
  ) {
    this.transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  }

  get delivers(): boolean {
    return this.transport !== null;
  }

  async enqueue(db: DbOrTx, msg: EmailMessage): Promise<OutboxRow> {
    const row = await insertEmail(db, {
      orgId: msg.orgId ?? null,
      toAddress: msg.to,
      subject: msg.subject,
      textBody: msg.text,
      htmlBody: msg.html ?? null,
      template: msg.template,
      status: this.transport ? 'pending' : 'kept',
    });
    this.poke();
    return row;
  }

  /** Sends what is due once; returns how many were handled. */
  async runOnce(): Promise<number> {
    if (!this.transport) return 0;
    const due = await claimDue(this.db, 10, 60);
    for (const m of due) {
      try {
        await this.transport.sendMail({ from: this.opts.from, to: m.toAddress, subject: m.subject, text: m.textBody, html: m.htmlBody ?? undefined });
        await markSent(this.db, m.id);
      } catch (err) {
        const retryAt = m.attempts >= MAX_ATTEMPTS ? null : new Date(Date.now() + retryDelayMs(m.attempts));
        await markFailed(this.db, m.id, (err as Error).message, retryAt);
      }
    }
    return due.length;
  }

  start(intervalMs = 2000): void {
    if (!this.transport || this.running) return;
    this.running = true;
    const loop = async () => {
      while (this.running) {
        let handled = 0;
        try {
          handled = await this.runOnce();
        } catch {
          /* database briefly unavailable: try again on the next tick */
        }
        if (handled > 0) continue;
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          this.timer = setTimeout(resolve, intervalMs);
        });
      }
    };
    void loop();
  }

  private poke(): void {
    if (this.wake) {
      if (this.timer) clearTimeout(this.timer);
      const w = this.wake;
      this.wake = null;
      setTimeout(w, 10);
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.wake?.();
    this.transport?.close();
  }
}
