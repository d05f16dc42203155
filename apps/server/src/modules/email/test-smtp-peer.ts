// Test support only: a real SMTP server on loopback for the delivery tests.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  raw: string;
}

export type PeerMode = 'accept' | 'reject-permanent' | 'reject-temporary';

export interface SmtpPeer {
  url: string;
  received: ReceivedMail[];
  /** RCPT TO commands seen, accepted or not. */
  attempts: string[];
  mode: PeerMode;
  /** Delay before the peer accepts the DATA (to widen race windows). */
  dataDelayMs: number;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

function headerValue(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const peer: Omit<SmtpPeer, 'url' | 'close'> = {
    received: [],
    attempts: [],
    mode: 'accept',
    dataDelayMs: 0,
    async waitFor(count, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (peer.received.length < count) {
        if (Date.now() > until) throw new Error(`SMTP peer received ${peer.received.length} of ${count} messages`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return peer.received;
    },
  };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      peer.attempts.push(address.address);
      if (peer.mode === 'reject-permanent') return callback(smtpError('550 5.1.1 Mailbox unknown', 550));
      if (peer.mode === 'reject-temporary') return callback(smtpError('451 4.3.0 Try again later', 451));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        setTimeout(() => {
          peer.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: headerValue(raw, 'subject'),
            raw,
          });
          callback();
        }, peer.dataDelayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(peer, {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
