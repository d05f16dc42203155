import { paymentManagementRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import { fileDay, sendFile, sendSpreadsheet } from '../../lib/file-reply.js';
import { idempotentRoute } from '../../lib/idempotency.js';
import { declareSales } from './declared-sales.service.js';
import * as rules from './fee-rules.service.js';
import { emailInvoice } from './invoice-email.js';
import { listInvoices, loadInvoice, overview } from './invoice-read.js';
import * as invoices from './invoices.service.js';
import { invoicePdfFile, statementPdfFile } from './documents-pdf.service.js';
import * as ledger from './ledger.service.js';
import { invoiceRows } from './payment-export.js';
import * as payments from './payments.service.js';
import { refundWindowFor } from './refund-window.js';
import { createSalesShareInvoice } from './sales-share.service.js';

const day = fileDay;

export async function paymentManagementRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db;

  bindRoute(app, r.listFeeRules, ({ caller, query }) => rules.listRules(db, caller, query));
  bindRoute(app, r.createFeeRule, ({ caller, body }) => rules.createRule(db, caller, body));
  bindRoute(app, r.updateFeeRule, ({ caller, params, body }) => rules.updateRule(db, caller, params.id, body));
  bindRoute(app, r.deleteFeeRule, async ({ caller, params }) => {
    await rules.deleteRule(db, caller, params.id);
    return { ok: true as const };
  });

  bindRoute(app, r.getAssignmentFees, ({ caller, params, query }) => invoices.previewFees(db, caller, params.id, query.declaredSales));
  // Every money-moving route runs in idempotentRoute: the key, the effect and the answer commit together.
  bindRoute(app, r.createAssignmentInvoices, (input) =>
    idempotentRoute(
      db,
      input,
      { params: input.params, body: input.body },
      (tx) => invoices.createAssignmentInvoices(tx, input.caller, input.params.id, input.body),
      201,
    ),
  );
  bindRoute(app, r.createSalesShareInvoice, (input) =>
    idempotentRoute(db, input, { params: input.params }, (tx) => createSalesShareInvoice(tx, input.caller, input.params.id), 201),
  );
  // Declared sales are a fact about the day, not a money movement: a PUT of the value, so a repeat changes nothing.
  bindRoute(app, r.declareSales, ({ caller, params, body }) => declareSales(db, caller, params.id, body.amount));

  bindRoute(app, r.listInvoices, ({ caller, query }) => listInvoices(db, caller, query));
  bindRoute(app, r.exportInvoices, async ({ caller, query, reply }) => {
    const rows = await invoiceRows(db, caller, query);
    return sendSpreadsheet(reply, 'invoices', query.format, rows, 'Invoices');
  });
  bindRoute(app, r.paymentsOverview, ({ caller, query }) => overview(db, caller, query));
  bindRoute(app, r.getInvoice, ({ caller, params }) => loadInvoice(db, caller.orgId, params.id));
  bindRoute(app, r.getInvoicePdf, async ({ caller, params, query, reply }) =>
    sendFile(
      reply,
      `invoice-${params.id.slice(0, 8)}.pdf`,
      'application/pdf',
      await invoicePdfFile(db, caller.orgId, params.id, query.language),
    ),
  );
  bindRoute(app, r.createInvoice, (input) =>
    idempotentRoute(db, input, { body: input.body }, (tx) => invoices.createManualInvoice(tx, input.caller, input.body), 201),
  );
  bindRoute(app, r.issueInvoice, (input) =>
    idempotentRoute(db, input, { params: input.params }, (tx) => invoices.issueInvoice(tx, input.caller, input.params.id)),
  );
  bindRoute(app, r.cancelInvoice, (input) =>
    idempotentRoute(db, input, { params: input.params, body: input.body }, (tx) =>
      invoices.cancelInvoice(tx, input.caller, input.params.id, input.body.reason),
    ),
  );
  bindRoute(app, r.adjustInvoice, (input) =>
    idempotentRoute(
      db,
      input,
      { params: input.params, body: input.body },
      (tx) => invoices.adjustInvoice(tx, input.caller, input.params.id, input.body),
      201,
    ),
  );
  // Queues a message, moves no money: no Idempotency-Key; the hourly limit bounds repeats.
  bindRoute(app, r.emailInvoice, ({ caller, params }) => emailInvoice(db, ctx.mailer, caller, params.id));

  bindRoute(app, r.listPayments, ({ caller, query }) => payments.listPayments(db, caller, query));
  bindRoute(app, r.getPayment, ({ caller, params }) => payments.loadPayment(db, caller.orgId, params.id));
  bindRoute(app, r.createPayment, (input) =>
    idempotentRoute(db, input, { body: input.body }, (tx) => payments.createPayment(tx, input.caller, input.body), 201),
  );
  bindRoute(app, r.getRefundWindow, ({ caller, params }) => refundWindowFor(db, caller.orgId, params.id));
  bindRoute(app, r.createRefund, (input) =>
    idempotentRoute(db, input, { body: input.body }, (tx) => payments.createRefund(tx, input.caller, input.body), 201),
  );

  bindRoute(app, r.getVendorLedger, ({ caller, params, query }) => ledger.statement(db, caller, params.id, query));
  bindRoute(app, r.exportVendorLedger, async ({ caller, params, query, reply }) =>
    query.format === 'pdf'
      ? sendFile(reply, `statement-${day()}.pdf`, 'application/pdf', await statementPdfFile(db, caller, params.id, query))
      : sendFile(reply, `statement-${day()}.csv`, 'text/csv; charset=utf-8', await ledger.statementCsv(db, caller, params.id, query)),
  );
  bindRoute(app, r.getLedgerConsistency, ({ caller, query }) => ledger.consistencyFor(db, caller, query.vendorId));
  bindRoute(app, r.runLedgerConsistencyCheck, ({ caller }) => ledger.runCheck(db, caller));
}
