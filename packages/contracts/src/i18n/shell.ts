/** Every string of the shell, in English and Arabic; seeded into the translations table. */
export const SHELL_TRANSLATIONS: Record<string, { en: string; ar: string }> = {
  'app.title': { en: 'Market Back Office', ar: 'مكتب إدارة السوق' },
  'sidebar.title': { en: 'Admin', ar: 'الإدارة' },
  'sidebar.subtitle': { en: 'Management Portal', ar: 'بوابة الإدارة' },
  'nav.dashboard': { en: 'Dashboard', ar: 'لوحة التحكم' },
};
