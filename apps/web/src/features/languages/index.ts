// The language and translation tabs of the master data page.
export { LanguagesTab } from './languages-tab';
export { TranslationsTab } from './translations-tab';
