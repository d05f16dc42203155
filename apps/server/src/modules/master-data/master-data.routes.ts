import { masterDataRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as bu from './brands-units.service.js';
import * as cat from './categories.service.js';
import * as cur from './currencies.service.js';
import * as tax from './tax-classes.service.js';

const ok = { ok: true as const };

/** Master data of the catalogue: category tree, brands, units, tax classes and rates, currencies. */
export async function masterDataRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db;
  bindRoute(app, r.listCatalogCategories, ({ caller }) => cat.listCategories(db, caller));
  bindRoute(app, r.createCatalogCategory, ({ caller, body }) => cat.createCategory(db, caller, body));
  bindRoute(app, r.updateCatalogCategory, ({ caller, params, body }) => cat.updateCategory(db, caller, params.id, body));
  bindRoute(app, r.moveCatalogCategory, ({ caller, params, body }) => cat.moveCategory(db, caller, params.id, body));
  bindRoute(app, r.deleteCatalogCategory, async ({ caller, params }) => (await cat.deleteCategory(db, caller, params.id), ok));

  bindRoute(app, r.listBrands, ({ caller }) => bu.listBrands(db, caller));
  bindRoute(app, r.createBrand, ({ caller, body }) => bu.saveBrand(db, caller, null, body));
  bindRoute(app, r.updateBrand, ({ caller, params, body }) => bu.saveBrand(db, caller, params.id, body));
  bindRoute(app, r.deleteBrand, async ({ caller, params }) => (await bu.deleteBrand(db, caller, params.id), ok));

  bindRoute(app, r.listUnits, ({ caller }) => bu.listUnits(db, caller));
  bindRoute(app, r.createUnit, ({ caller, body }) => bu.saveUnit(db, caller, null, body));
  bindRoute(app, r.updateUnit, ({ caller, params, body }) => bu.saveUnit(db, caller, params.id, body));
  bindRoute(app, r.deleteUnit, async ({ caller, params }) => (await bu.deleteUnit(db, caller, params.id), ok));

  bindRoute(app, r.listTaxClasses, ({ caller }) => tax.listTaxClasses(db, caller));
  bindRoute(app, r.createTaxClass, ({ caller, body }) => tax.saveTaxClass(db, caller, null, body));
  bindRoute(app, r.updateTaxClass, ({ caller, params, body }) => tax.saveTaxClass(db, caller, params.id, body));
  bindRoute(app, r.deleteTaxClass, async ({ caller, params }) => (await tax.deleteTaxClass(db, caller, params.id), ok));
  bindRoute(app, r.createTaxRate, ({ caller, params, body }) => tax.createTaxRate(db, caller, params.id, body));
  bindRoute(app, r.updateTaxRate, ({ caller, params, body }) => tax.updateTaxRate(db, caller, params.id, body));
  bindRoute(app, r.deleteTaxRate, async ({ caller, params }) => (await tax.deleteTaxRate(db, caller, params.id), ok));

  bindRoute(app, r.listCurrencies, ({ caller }) => cur.listCurrencies(db, caller));
  bindRoute(app, r.createCurrency, ({ caller, body }) => cur.createCurrency(db, caller, body));
  bindRoute(app, r.updateCurrency, ({ caller, params, body }) => cur.updateCurrency(db, caller, params.id, body));
  bindRoute(app, r.deleteCurrency, async ({ caller, params }) => (await cur.deleteCurrency(db, caller, params.id), ok));
}
