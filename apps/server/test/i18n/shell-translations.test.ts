import { EFFECTIVE_ROLES, EMAIL_STATUSES, EMAIL_TEST_TEMPLATES, PERMISSIONS, STORED_ROLES } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { SHELL_TRANSLATION_PARTS, SHELL_TRANSLATIONS } from '../../../../packages/contracts/src/i18n/shell.js';
import { interpolate, placeholdersOf, SHELL_KEYS, translate } from '../../../../packages/contracts/src/i18n/translate.js';

const ARABIC = /[\u0600-\u06FF]/;
// Brand-like tokens shown as is in every language.
const UNTRANSLATED = new Set(['header.pro', 'sidebar.version']);

// The sidebar table of the spec (section 2), label for label.
const SIDEBAR: [group: string, groupKey: string, item: string, itemKey: string][] = [
  ['Main', 'nav.group.main', 'Dashboard', 'nav.dashboard'],
  ['Main', 'nav.group.main', 'Products', 'nav.products'],
  ['Main', 'nav.group.main', 'Product Variants', 'nav.productVariants'],
  ['Main', 'nav.group.main', 'Assets', 'nav.assets'],
  ['Main', 'nav.group.main', 'Import', 'nav.import'],
  ['Vendor', 'nav.group.vendor', 'Vendor Portal', 'nav.vendorPortal'],
  ['Orders', 'nav.group.orders', 'Order Management', 'nav.orderManagement'],
  ['Orders', 'nav.group.orders', 'Order History', 'nav.orderHistory'],
  ['Market', 'nav.group.market', 'Vendor Applications', 'nav.vendorApplications'],
  ['Market', 'nav.group.market', 'Categories', 'nav.categories'],
  ['Market', 'nav.group.market', 'Slots', 'nav.slots'],
  ['Market', 'nav.group.market', 'Market Days', 'nav.marketDays'],
  ['Market', 'nav.group.market', 'Locations', 'nav.locations'],
  ['Workshops', 'nav.group.workshops', 'Workshop Applications', 'nav.workshopApplications'],
  ['POS System', 'nav.group.pos', 'POS Register', 'nav.posRegister'],
  ['POS System', 'nav.group.pos', 'POS Management', 'nav.posManagement'],
  ['POS System', 'nav.group.pos', 'Sessions', 'nav.sessions'],
  ['POS System', 'nav.group.pos', 'Reports', 'nav.reports'],
  ['Workflow & System', 'nav.group.workflowSystem', 'Tasks', 'nav.tasks'],
  ['Workflow & System', 'nav.group.workflowSystem', 'Workflows', 'nav.workflows'],
  ['Workflow & System', 'nav.group.workflowSystem', 'Flow Builder', 'nav.flowBuilder'],
  ['Workflow & System', 'nav.group.workflowSystem', 'Users', 'nav.users'],
  ['Workflow & System', 'nav.group.workflowSystem', 'Master Data', 'nav.masterData'],
  ['Workflow & System', 'nav.group.workflowSystem', 'Integrations', 'nav.integrations'],
  ['Workflow & System', 'nav.group.workflowSystem', 'Catalog Publishing', 'nav.catalogPublishing'],
  ['Workflow & System', 'nav.group.workflowSystem', 'Settings', 'nav.settings'],
];

// Strings the spec quotes word for word (sections 2, 4, 8, 9).
const SPEC_TEXT: [key: string, en: string][] = [
  ['sidebar.title', 'Admin'],
  ['sidebar.subtitle', 'Management Portal'],
  ['sidebar.version', 'v2.1.0'],
  ['sidebar.toggle', 'Toggle Sidebar'],
  ['header.pro', 'Pro'],
  ['header.search', 'Search everything...'],
  ['header.today', 'Today'],
  ['header.newProduct', 'New Product'],
  ['header.notifications', '{count} notifications'],
  ['header.refresh', 'Refresh'],
  ['userMenu.profile', 'Profile'],
  ['userMenu.settings', 'Settings'],
  ['userMenu.logout', 'Log out'],
  ['profile.title', 'User Profile'],
  ['profile.fullName', 'Full Name'],
  ['profile.email', 'Email'],
  ['profile.avatarUrl', 'Avatar URL'],
  ['profile.accountCreated', 'Account created'],
  ['profile.unknown', 'Unknown'],
  ['profile.cancel', 'Cancel'],
  ['profile.save', 'Save Changes'],
  ['profile.saving', 'Saving...'],
  ['profile.noRole', 'No role assigned'],
  ['profile.roleFallback', 'user'],
  ['toast.profileUpdated', 'Profile updated successfully'],
  ['toast.profileUpdateFailed', 'Failed to update profile'],
  ['toast.profileLoadFailed', 'Failed to load profile'],
  ['common.loading', 'Loading...'],
  ['common.loadingPage', 'Loading…'],
  ['theme.default', 'Default'],
  ['theme.ocean-breeze', 'Ocean Breeze'],
  ['theme.violet-nights', 'Violet Nights'],
  ['auth.error.sessionMissing', 'Auth session missing!'],
  ['auth.error.invalidCredentials', 'Invalid login credentials'],
  ['page.notFound.title', 'Page not found'],
  ['page.notAvailable', '{area} is not available yet'],
  ['emailStatus.kept', 'Kept (no SMTP configured)'],
  ['emailTest.needsPermission', 'You need the settings permission to send e-mails'],
  ['emailTest.signInRequired', 'Sign in to send a test e-mail'],
];

// Every route of the spec (section 2) has a page title.
const ROUTE_TITLES: Record<string, string> = {
  '/dashboard': 'route.dashboard',
  '/products': 'route.products',
  '/product-variants': 'route.productVariants',
  '/products/{id}': 'route.productDetails',
  '/product-import': 'route.productImport',
  '/assets': 'route.assets',
  '/users': 'route.users',
  '/workflows': 'route.workflows',
  '/workflow-builder': 'route.workflowBuilder',
  '/tasks': 'route.tasks',
  '/integrations': 'route.integrations',
  '/settings': 'route.settings',
  '/catalog-publishing': 'route.catalogPublishing',
  '/api-docs': 'route.apiDocs',
  '/market-vendor-management': 'route.marketVendorManagement',
  '/junior-vendor-management': 'route.juniorVendorManagement',
  '/workshop-applications': 'route.workshopApplications',
  '/market-locations': 'route.marketLocations',
  '/market-slots': 'route.marketSlots',
  '/market-categories': 'route.marketCategories',
  '/market-events': 'route.marketEvents',
  '/payment-management/{assignmentId}': 'route.paymentManagement',
  '/master-data': 'route.masterData',
  '/orders': 'route.orders',
  '/orders/history': 'route.orderHistory',
  '/pos/register': 'route.posRegister',
  '/pos/management': 'route.posManagement',
  '/pos/sessions': 'route.posSessions',
  '/pos/reports': 'route.posReports',
  '/vendor-portal': 'route.vendorPortal',
  '/auth': 'route.auth',
  '/map': 'route.map',
  '/market-vendor-application': 'route.marketVendorApplication',
  '/junior-vendor-application': 'route.juniorVendorApplication',
  '/workshop-application': 'route.workshopApplication',
  '/vendor-dashboard': 'route.vendorDashboard',
  '/email-test': 'route.emailTest',
};

const entries = Object.entries(SHELL_TRANSLATIONS);

describe('shell translations', () => {
  it('has a non-empty English and Arabic text for every key', () => {
    const gaps = entries.filter(([, v]) => !v.en?.trim() || !v.ar?.trim()).map(([k]) => k);
    expect(gaps).toEqual([]);
  });

  it('writes Arabic in Arabic script, except the brand-like tokens', () => {
    const latin = entries.filter(([k, v]) => !UNTRANSLATED.has(k) && !ARABIC.test(v.ar)).map(([k]) => k);
    expect(latin).toEqual([]);
    for (const k of UNTRANSLATED) expect(SHELL_TRANSLATIONS[k]?.ar).toBe(SHELL_TRANSLATIONS[k]?.en);
  });

  it('uses the same placeholders in both languages', () => {
    const mismatched = entries.filter(([, v]) => placeholdersOf(v.en).join() !== placeholdersOf(v.ar).join());
    expect(mismatched.map(([k]) => k)).toEqual([]);
  });

  it('defines each key once and never as the parent of another key', () => {
    const all = Object.values(SHELL_TRANSLATION_PARTS).flatMap((p) => Object.keys(p));
    expect(all.length).toBe(new Set(all).size);
    // A key that is also a prefix ("a.b" and "a.b.c") breaks nested JSON exports of the dictionary.
    const parents = all.filter((k) => all.some((other) => other.startsWith(`${k}.`)));
    expect(parents).toEqual([]);
    expect(all.every((k) => /^[A-Za-z]+(\.[A-Za-z_-]+)+$/.test(k))).toBe(true);
  });

  it('keeps the original keys and lists every key in SHELL_KEYS', () => {
    expect(SHELL_TRANSLATIONS['app.title']?.en).toBeTruthy();
    expect(SHELL_TRANSLATIONS['nav.dashboard']).toEqual({ en: 'Dashboard', ar: 'لوحة التحكم' });
    expect([...SHELL_KEYS].sort()).toEqual(Object.keys(SHELL_TRANSLATIONS).sort());
  });

  it('has every sidebar group and item of the spec with its exact English label', () => {
    for (const [group, groupKey, item, itemKey] of SIDEBAR) {
      expect(SHELL_TRANSLATIONS[groupKey]?.en, groupKey).toBe(group);
      expect(SHELL_TRANSLATIONS[itemKey]?.en, itemKey).toBe(item);
    }
  });

  it('has the texts the spec quotes, word for word', () => {
    for (const [key, en] of SPEC_TEXT) expect(SHELL_TRANSLATIONS[key]?.en, key).toBe(en);
  });

  it('has a page title for every route of the spec', () => {
    const missing = Object.entries(ROUTE_TITLES).filter(([, key]) => !SHELL_TRANSLATIONS[key]);
    expect(missing).toEqual([]);
  });

  it('names every role, permission, e-mail status and template so the UI can look them up by value', () => {
    const roles = [...new Set<string>([...STORED_ROLES, ...EFFECTIVE_ROLES])];
    expect(roles.filter((r) => !SHELL_TRANSLATIONS[`role.${r}`])).toEqual([]);
    expect(PERMISSIONS.filter((p) => !SHELL_TRANSLATIONS[`permission.${p}`])).toEqual([]);
    expect(EMAIL_STATUSES.filter((s) => !SHELL_TRANSLATIONS[`emailStatus.${s}`])).toEqual([]);
    expect(EMAIL_TEST_TEMPLATES.filter((t) => !SHELL_TRANSLATIONS[`emailTemplate.${t}`])).toEqual([]);
  });
});

describe('interpolate', () => {
  it('fills every occurrence and leaves unknown placeholders visible', () => {
    expect(interpolate('{count} of {count}, {missing}', { count: 3 })).toBe('3 of 3, {missing}');
  });

  it('ignores inherited properties', () => {
    expect(interpolate('{constructor}{toString}', {})).toBe('{constructor}{toString}');
  });
});

describe('translate', () => {
  const dict = {
    both: { en: 'Hello {name}', ar: 'مرحبًا {name}' },
    enOnly: { en: 'English only' },
    blankAr: { en: 'Blank in Arabic', ar: '' },
    frOnly: { fr: 'Seulement' },
  };

  it('uses the current language first', () => {
    expect(translate(dict, 'ar', 'both', { name: 'Sara' })).toBe('مرحبًا Sara');
    expect(translate(dict, 'en', 'both', { name: 'Sara' })).toBe('Hello Sara');
  });

  it('falls back to English when the current language lacks the key or leaves it blank', () => {
    expect(translate(dict, 'ar', 'enOnly')).toBe('English only');
    expect(translate(dict, 'ar', 'blankAr')).toBe('Blank in Arabic');
    expect(translate(dict, 'de', 'both', { name: 'Ali' })).toBe('Hello Ali');
    expect(translate(dict, '', 'enOnly')).toBe('English only');
  });

  it('falls back to the key itself when neither language has it', () => {
    expect(translate(dict, 'ar', 'nope.missing')).toBe('nope.missing');
    expect(translate(dict, 'ar', 'frOnly')).toBe('frOnly');
    expect(translate(dict, 'ar', 'constructor')).toBe('constructor');
    expect(translate(dict, 'toString', 'both', { name: 'x' })).toBe('Hello x');
  });

  it('translates the shell dictionary itself', () => {
    expect(translate(SHELL_TRANSLATIONS, 'ar', 'header.notifications', { count: 3 })).toBe('3 إشعارات');
    expect(translate(SHELL_TRANSLATIONS, 'en', 'page.notAvailable', { area: 'Orders' })).toBe('Orders is not available yet');
  });
});
