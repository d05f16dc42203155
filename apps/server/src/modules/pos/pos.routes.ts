import { posRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import { sendSpreadsheet } from '../../lib/file-reply.js';
import { idempotentRoute } from '../../lib/idempotency.js';
import * as access from './pos-access.service.js';
import * as catalogue from './pos-catalogue.service.js';
import * as customerOrders from './pos-customer-orders.service.js';
import * as ordersRead from './pos-orders.read.js';
import * as orders from './pos-orders.service.js';
import { emailReceipt } from './pos-receipt-email.js';
import * as registers from './pos-registers.service.js';
import * as reports from './pos-reports.service.js';
import * as sessions from './pos-sessions.service.js';
import * as settlement from './pos-settlement.service.js';

export async function posRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  bindRoute(app, r.listRegisters, ({ caller, query }) => registers.listRegisters(db, caller, query.status));
  bindRoute(app, r.listPosChannels, ({ caller }) => registers.listPosChannels(db, caller));
  bindRoute(app, r.createRegister, ({ caller, body }) => registers.createRegister(db, caller, body));
  bindRoute(app, r.updateRegister, ({ caller, params, body }) => registers.updateRegister(db, caller, params.id, body));
  bindRoute(app, r.listCashiers, ({ caller }) => access.listCashiers(db, caller));
  bindRoute(app, r.getPosSettings, ({ caller }) => access.getSettings(db, caller));
  bindRoute(app, r.updatePosSettings, ({ caller, body }) => access.updateSettings(db, caller, body));
  bindRoute(app, r.lookupSellables, ({ caller, params, query }) => catalogue.lookup(db, caller, params.id, query.q));
  bindRoute(app, r.registerSnapshot, ({ caller, params }) => catalogue.snapshot(db, caller, params.id));

  bindRoute(app, r.listSessions, ({ caller, query }) => sessions.listSessions(db, caller, query));
  bindRoute(app, r.openSession, ({ caller, body }) => sessions.openSession(db, caller, body));
  bindRoute(app, r.getSession, ({ caller, params }) => sessions.getSession(db, caller, params.id));
  // Cash moves and payouts move money: the Idempotency-Key, the effect and the answer commit together.
  bindRoute(app, r.addCashMove, (input) =>
    idempotentRoute(
      db,
      input,
      { params: input.params, body: input.body },
      (tx) => sessions.addCashMove(tx, input.caller, input.params.id, input.body),
      201,
    ),
  );
  bindRoute(app, r.sessionReport, ({ caller, params }) => sessions.sessionReport(db, caller, params.id));
  bindRoute(app, r.closeSession, ({ caller, params, body }) => sessions.closeSession(db, caller, params.id, body));

  // A sale and a return carry their own id (the register's): that id is what makes a resend safe.
  bindRoute(app, r.recordOrder, async ({ caller, body, reply }) => {
    const res = await orders.recordOrder(db, caller, body);
    if (res.alreadyRecorded) void reply.header('idempotent-replayed', 'true');
    return res;
  });
  bindRoute(app, r.recordReturn, async ({ caller, params, body, reply }) => {
    const res = await orders.recordReturn(db, caller, params.id, body);
    if (res.alreadyRecorded) void reply.header('idempotent-replayed', 'true');
    return res;
  });
  bindRoute(app, r.exportOrders, async ({ caller, query, reply }) =>
    sendSpreadsheet(reply, 'orders', query.format, await ordersRead.orderExportRows(db, caller, query), 'Orders'),
  );
  bindRoute(app, r.emailReceipt, ({ caller, params, body }) => emailReceipt(db, ctx.mailer, caller, params.id, body));
  bindRoute(app, r.listOrders, ({ caller, query }) => ordersRead.listOrders(db, caller, query));
  bindRoute(app, r.getOrder, ({ caller, params }) => ordersRead.getOrder(db, caller, params.id));
  bindRoute(app, r.listCustomerOrders, ({ caller, query }) => customerOrders.listCustomerOrders(db, caller, query));
  bindRoute(app, r.createCustomerOrder, ({ caller, body }) => customerOrders.createCustomerOrder(db, caller, body));
  bindRoute(app, r.getCustomerOrder, ({ caller, params }) => customerOrders.getCustomerOrder(db, caller, params.id));
  bindRoute(app, r.updateCustomerOrder, ({ caller, params, body }) => customerOrders.updateCustomerOrder(db, caller, params.id, body));
  bindRoute(app, r.transitionCustomerOrder, ({ caller, params, body }) =>
    customerOrders.transitionCustomerOrder(db, caller, params.id, body),
  );
  bindRoute(app, r.addCustomerOrderPayment, (input) =>
    idempotentRoute(
      db,
      input,
      { params: input.params, body: input.body },
      (tx) => customerOrders.addCustomerOrderPayment(tx, input.caller, input.params.id, input.body),
      201,
    ),
  );
  bindRoute(app, r.vendorOrderLines, ({ caller, query }) => ordersRead.vendorOrderLines(db, caller, query));

  bindRoute(app, r.listCommissionRules, ({ caller }) => settlement.listCommissionRules(db, caller));
  bindRoute(app, r.createCommissionRule, ({ caller, body }) => settlement.createCommissionRule(db, caller, body));
  bindRoute(app, r.deleteCommissionRule, ({ caller, params }) => settlement.deleteCommissionRule(db, caller, params.id));
  bindRoute(app, r.settlement, ({ caller }) => settlement.settlement(db, caller));
  bindRoute(app, r.recordPayout, (input) =>
    idempotentRoute(db, input, { body: input.body }, (tx) => settlement.recordPayout(tx, input.caller, input.body), 201),
  );
  bindRoute(app, r.salesReport, ({ caller, query }) => reports.salesReport(db, caller, query));
  bindRoute(app, r.exportSalesReport, async ({ caller, query, reply }) =>
    sendSpreadsheet(reply, `pos-sales-${query.groupBy}`, query.format, await reports.salesReportRows(db, caller, query), 'Sales'),
  );
}
