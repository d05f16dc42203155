import { IMPORT_FIELDS, type ImportPhase, type ImportState } from '@market/contracts/plain';
import { dateTimeFormat, formatNumber } from '../../app/i18n/locale-format';
import type { ImportAttribute } from './use-import-attributes';
import type { ImportDetail, ImportSummary } from './product-import-api';

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** The delimiters the server reads, with the key of their name. */
export const DELIMITER_KEYS: Record<string, string> = {
  ',': 'productImport.delimiter.comma',
  ';': 'productImport.delimiter.semicolon',
  '\t': 'productImport.delimiter.tab',
  '|': 'productImport.delimiter.bar',
};

export const num = (n: number, language: string) => formatNumber(n, language);

/** A file size in bytes, kilobytes or megabytes, in the language's digits and marks. */
export function formatBytes(n: number, language: string, t: Translate): string {
  if (n < 1024) return t('productImport.size.bytes', { size: num(n, language) });
  const kb = n / 1024;
  if (kb < 1024) return t('productImport.size.kb', { size: formatNumber(kb, language, { maximumFractionDigits: 1 }) });
  return t('productImport.size.mb', { size: formatNumber(kb / 1024, language, { maximumFractionDigits: 1 }) });
}

export function formatMoment(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** Time left, rounded: seconds under a minute, minutes under an hour, else hours and minutes. */
export function formatDuration(seconds: number, language: string, t: Translate): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return t('productImport.duration.seconds', { seconds: num(s, language) });
  const m = Math.round(s / 60);
  if (m < 60) return t('productImport.duration.minutes', { minutes: num(m, language) });
  return t('productImport.duration.hours', { hours: num(Math.floor(m / 60), language), minutes: num(m % 60, language) });
}

/** A before or after value of a row's change, as text. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const attributeName = (a: ImportAttribute, language: string) => (language === 'ar' && a.nameAr ? a.nameAr : a.nameEn || a.code);

/** How a target reads: a product field by its name, an attribute by its name and code (and language), or "do not import". */
export function targetLabel(target: string, attributes: readonly ImportAttribute[], language: string, t: Translate): string {
  if (target === 'ignore') return t('productImport.target.ignore');
  if ((IMPORT_FIELDS as readonly string[]).includes(target)) return t(`productImport.field.${target}`);
  const [, code = '', lang] = target.split(':');
  const a = attributes.find((x) => x.code === code);
  const name = a ? `${attributeName(a, language)} (${code})` : code;
  return lang ? t(`productImport.target.attributeIn.${lang}`, { name }) : name;
}

/** A field named by a row's change or error: a product field by name, else as the server wrote it. */
export function fieldName(field: string, attributes: readonly ImportAttribute[], language: string, t: Translate): string {
  if ((IMPORT_FIELDS as readonly string[]).includes(field) || field.startsWith('attribute:'))
    return targetLabel(field, attributes, language, t);
  return field;
}

/** The attribute targets offered: one per attribute, or one per language for a localizable one. */
export function attributeTargets(attributes: readonly ImportAttribute[]): string[] {
  return attributes.flatMap((a) => (a.localizable ? [`attribute:${a.code}:en`, `attribute:${a.code}:ar`] : [`attribute:${a.code}`]));
}

/** An import's run has started (its mapping is then fixed): the run counts exist, or the progress is the run's. */
export const runStarted = (d: Pick<ImportDetail, 'run' | 'progress' | 'state'>) =>
  d.run !== null || d.progress?.phase === 'run' || d.state === 'queued' || d.state === 'running' || d.state === 'completed';

/** The mapping, options and how the file is read may change: not yet run, and no worker busy with it. */
export const isEditable = (d: ImportDetail) => ['draft', 'validated', 'failed', 'cancelled'].includes(d.state) && !runStarted(d);

/** The phase whose results an import shows last. */
export const lastPhase = (d: Pick<ImportSummary, 'run'> & Partial<Pick<ImportDetail, 'progress'>>): ImportPhase =>
  d.run || d.progress?.phase === 'run' ? 'run' : 'dry_run';

/** State badge key: running and stalled read as stalled. */
export const stateKey = (state: ImportState, stalled: boolean) => (stalled && state === 'running' ? 'stalled' : state);
