import type { TranslationEntry } from './types.js';

/** Strings of the global search in the command palette (keys start with search.), English and Arabic. */
export const SEARCH = {
  'search.label': {
    en: 'Search products, vendors, applications, market days, locations, assets, pages and actions',
    ar: 'ابحث في المنتجات والبائعين والطلبات وأيام السوق والمواقع والأصول والصفحات والإجراءات',
  },
  'search.hint': { en: 'Type to search your records, pages and actions.', ar: 'اكتب للبحث في سجلاتك والصفحات والإجراءات.' },
  'search.searching': { en: 'Searching…', ar: 'جارٍ البحث…' },
  'search.failed': { en: 'Search failed. Check your connection and try again.', ar: 'تعذّر البحث. تحقّق من اتصالك وحاول مرة أخرى.' },
  'search.retry': { en: 'Try again', ar: 'أعد المحاولة' },
  'search.noRecords': { en: 'No records match “{q}”.', ar: 'لا توجد سجلات تطابق «{q}».' },
  'search.actions': { en: 'Actions', ar: 'الإجراءات' },
  'search.action.newProduct': { en: 'Create a new product', ar: 'إنشاء منتج جديد' },
  'search.action.today': { en: 'Open today’s view', ar: 'فتح عرض اليوم' },
  'search.action.language': { en: 'Switch language to {name}', ar: 'تغيير اللغة إلى {name}' },
  'search.group.products': { en: 'Products', ar: 'المنتجات' },
  'search.group.vendors': { en: 'Vendors', ar: 'البائعون' },
  'search.group.applications': { en: 'Applications', ar: 'الطلبات' },
  'search.group.marketDays': { en: 'Market days', ar: 'أيام السوق' },
  'search.group.locations': { en: 'Locations', ar: 'المواقع' },
  'search.group.assets': { en: 'Assets', ar: 'الأصول' },
  'search.shortcut': { en: 'Search (Ctrl+K)', ar: 'بحث (Ctrl+K)' },
} satisfies Record<string, TranslationEntry>;
