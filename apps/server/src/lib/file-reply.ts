import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { toCsv, toXlsx } from './spreadsheet.js';

// File answers (exports, statements, PDFs): sent by the handler, not serialised against the route's response
// schema, never cached, and never sniffed as anything but what they say they are.

/** Today as the date in a file's name (UTC). */
export const fileDay = (): string => new Date().toISOString().slice(0, 10);

/** A file answer; a stream is sent as it is read. */
export function sendFile(reply: FastifyReply, name: string, type: string, body: string | Uint8Array | Readable): string {
  void reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(typeof body === 'string' || body instanceof Readable ? body : Buffer.from(body));
  return reply as unknown as string;
}

/** Rows as `<base>-<day>.csv` or `.xlsx` (one sheet named `sheetName`), cells neutralised (R14). */
export function sendSpreadsheet(
  reply: FastifyReply,
  base: string,
  format: 'csv' | 'xlsx',
  rows: readonly string[][],
  sheetName: string,
): string {
  return format === 'csv'
    ? sendFile(reply, `${base}-${fileDay()}.csv`, 'text/csv; charset=utf-8', toCsv(rows))
    : sendFile(
        reply,
        `${base}-${fileDay()}.xlsx`,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        toXlsx(rows, sheetName),
      );
}
