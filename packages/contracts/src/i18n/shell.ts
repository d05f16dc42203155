import { SHELL_AUTH } from './shell-auth.js';
import { SHELL_LAYOUT } from './shell-layout.js';
import { SHELL_PAGES } from './shell-pages.js';
import { MARKET_ASSIGNMENTS } from './area-market-assignments.js';
import { MARKET_DAYS } from './area-market-days.js';
import { MARKET_STRUCTURE } from './area-market-structure.js';
import { PUBLIC_MAP } from './area-public-map.js';
import { STORAGE } from './area-storage.js';
import { VENDORS } from './area-vendors.js';
import { APPLICATIONS_PUBLIC } from './area-applications-public.js';
import { APPLICATIONS_STAFF } from './area-applications-staff.js';
import { EMAIL_OUTBOX } from './area-email-outbox.js';
import { MASTER_DATA } from './area-master-data.js';
import { CATALOG_MASTER_DATA } from './area-catalog-master-data.js';
import { CATALOG_ATTRIBUTES } from './area-catalog-attributes.js';
import { PRODUCTS } from './area-products.js';
import { VARIANTS } from './area-variants.js';
import { ASSETS } from './area-assets.js';
import { DASHBOARD } from './area-dashboard.js';
import { SEARCH } from './area-search.js';
import { TODAY } from './area-today.js';
import { PAYMENT_MANAGEMENT } from './area-payment-management.js';
import { VENDOR_OFFERS } from './area-vendor-offers.js';
import { VENDOR_PORTAL_MONEY } from './area-vendor-portal-money.js';
import { ALLOCATION } from './area-allocation.js';
import { WAITLIST } from './area-waitlist.js';
import { CHECK_IN } from './area-check-in.js';
import { POS } from './area-pos.js';
import { POS_REGISTER } from './area-pos-register.js';
import { POS_SESSIONS } from './area-pos-sessions.js';
import { POS_REPORTS } from './area-pos-reports.js';
import { POS_CUSTOMER_ORDERS } from './area-pos-customer-orders.js';
import { PRODUCT_IMPORT } from './area-product-import.js';
import { CATALOG_PUBLISHING } from './area-catalog-publishing.js';
import { SETTINGS } from './area-settings.js';
import { USERS } from './area-users.js';
import { API_DOCS } from './area-api-docs.js';
import { WEBHOOKS } from './area-webhooks.js';
import { INTEGRATIONS } from './area-integrations.js';
import type { TranslationEntry } from './types.js';

export type { TranslationEntry, TranslationTable } from './types.js';

/** The dictionary's parts, kept apart so a test can prove no key is defined twice (a spread would hide it). */
export const SHELL_TRANSLATION_PARTS = {
  layout: SHELL_LAYOUT,
  pages: SHELL_PAGES,
  auth: SHELL_AUTH,
  marketStructure: MARKET_STRUCTURE,
  marketDays: MARKET_DAYS,
  marketAssignments: MARKET_ASSIGNMENTS,
  vendorOffers: VENDOR_OFFERS,
  vendorPortalMoney: VENDOR_PORTAL_MONEY,
  allocation: ALLOCATION,
  waitlist: WAITLIST,
  checkIn: CHECK_IN,
  vendors: VENDORS,
  publicMap: PUBLIC_MAP,
  storage: STORAGE,
  applicationsPublic: APPLICATIONS_PUBLIC,
  applicationsStaff: APPLICATIONS_STAFF,
  emailOutbox: EMAIL_OUTBOX,
  masterData: MASTER_DATA,
  catalogMasterData: CATALOG_MASTER_DATA,
  catalogAttributes: CATALOG_ATTRIBUTES,
  products: PRODUCTS,
  variants: VARIANTS,
  assets: ASSETS,
  dashboard: DASHBOARD,
  search: SEARCH,
  today: TODAY,
  paymentManagement: PAYMENT_MANAGEMENT,
  pos: POS,
  posRegister: POS_REGISTER,
  posSessions: POS_SESSIONS,
  posReports: POS_REPORTS,
  posCustomerOrders: POS_CUSTOMER_ORDERS,
  productImport: PRODUCT_IMPORT,
  catalogPublishing: CATALOG_PUBLISHING,
  settings: SETTINGS,
  users: USERS,
  apiDocs: API_DOCS,
  webhooks: WEBHOOKS,
  integrations: INTEGRATIONS,
} as const;

/** Every key of the shell, so `t('nav.dashbord')` fails to compile where the caller opts into the type. */
export type ShellKey = {
  [P in keyof typeof SHELL_TRANSLATION_PARTS]: keyof (typeof SHELL_TRANSLATION_PARTS)[P];
}[keyof typeof SHELL_TRANSLATION_PARTS];

/** Every string of the shell, in English and Arabic; seeded into the translations table. */
export const SHELL_TRANSLATIONS: Record<string, TranslationEntry> = Object.assign({}, ...Object.values(SHELL_TRANSLATION_PARTS));
