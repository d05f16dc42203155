import { useDeferredValue, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { useAllLanguages, useAllTranslations } from './languages-api';
import { buildRows, isMissing, matchesSearch } from './translation-matrix';
import { TranslationKeyDialog } from './translation-key-dialog';
import { TranslationsGrid } from './translations-grid';
import { TranslationsToolbar } from './translations-toolbar';
import { formatLocale } from '../../app/i18n/locale-format';

// About 1,100 keys: a page of 50 keeps the DOM small and typing in the search instant.
const PAGE_SIZE = 50;

/** Every key against the chosen languages, searchable, with the gaps one click away. */
export function TranslationsTab() {
  const { t, language } = useI18n();
  const languagesQ = useAllLanguages();
  const translationsQ = useAllTranslations();
  const [search, setSearch] = useState('');
  const [missingOnly, setMissingOnly] = useState(false);
  // Columns follow the active languages unless the reader switched one on or off.
  const [overrides, setOverrides] = useState<Record<string, boolean>>({});
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
  const deferredSearch = useDeferredValue(search);

  const languages = useMemo(() => languagesQ.data ?? [], [languagesQ.data]);
  const activeCodes = useMemo(() => languages.filter((l) => l.isActive).map((l) => l.code), [languages]);
  const shown = useMemo(() => new Set(languages.filter((l) => overrides[l.code] ?? l.isActive).map((l) => l.code)), [languages, overrides]);
  const rows = useMemo(() => buildRows(translationsQ.data ?? []), [translationsQ.data]);
  const keySet = useMemo(() => new Set(rows.map((r) => r.key)), [rows]);
  const searched = useMemo(() => rows.filter((r) => matchesSearch(r, deferredSearch)), [rows, deferredSearch]);
  const missing = useMemo(() => searched.filter((r) => isMissing(r, activeCodes)), [searched, activeCodes]);
  const visible = missingOnly ? missing : searched;
  const pages = Math.max(1, Math.ceil(visible.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const pageRows = visible.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const n = (x: number) => x.toLocaleString(formatLocale(language));

  const loading = languagesQ.isPending || translationsQ.isPending;
  const error = languagesQ.error ?? translationsQ.error;
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-2xl text-sm text-muted-foreground">{t('masterData.translations.intro')}</p>
      <TranslationsToolbar
        search={search}
        onSearch={(v) => {
          setSearch(v);
          setPage(0);
        }}
        missingOnly={missingOnly}
        onMissingOnly={(v) => {
          setMissingOnly(v);
          setPage(0);
        }}
        missingCount={missing.length}
        languages={languages}
        shown={shown}
        onToggleLanguage={(code) => setOverrides((o) => ({ ...o, [code]: !shown.has(code) }))}
        onAddKey={() => setAdding(true)}
      />
      <ListState
        loading={loading}
        error={error}
        empty={!loading && !error && visible.length === 0}
        loadingLabel={t('common.loading')}
        errorLabel={t('masterData.translations.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void Promise.all([languagesQ.refetch(), translationsQ.refetch()])}
        emptyContent={
          rows.length === 0
            ? t('masterData.translations.empty')
            : missingOnly && !deferredSearch.trim()
              ? t('masterData.translations.noneMissing')
              : t('masterData.translations.noMatch')
        }
      />
      {!loading && !error && pageRows.length > 0 && (
        <>
          <TranslationsGrid rows={pageRows} languages={languages.filter((l) => shown.has(l.code))} />
          <nav className="flex flex-wrap items-center justify-between gap-2 text-sm" aria-label={t('masterData.translations.paging')}>
            <span className="text-muted-foreground tabular-nums" data-testid="translations-summary">
              {t('masterData.translations.pageSummary', {
                from: n(current * PAGE_SIZE + 1),
                to: n(current * PAGE_SIZE + pageRows.length),
                total: n(visible.length),
              })}
            </span>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
                {t('masterData.translations.previous')}
              </Button>
              <Button variant="outline" size="sm" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
                {t('masterData.translations.next')}
              </Button>
            </div>
          </nav>
        </>
      )}
      <TranslationKeyDialog open={adding} onOpenChange={setAdding} languages={languages.filter((l) => l.isActive)} existingKeys={keySet} />
    </div>
  );
}
