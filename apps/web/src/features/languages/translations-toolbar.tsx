import { Plus, Search } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { fieldClass } from '../../components/ui/form-dialog';
import { useI18n } from '../../app/i18n/i18n-provider';
import type { Language } from './languages-api';
import { formatLocale } from '../../app/i18n/locale-format';

interface Props {
  search: string;
  onSearch: (v: string) => void;
  missingOnly: boolean;
  onMissingOnly: (v: boolean) => void;
  missingCount: number;
  languages: Language[];
  shown: Set<string>;
  onToggleLanguage: (code: string) => void;
  onAddKey: () => void;
}

/** Search, the missing-only filter, which language columns to show, and adding a key. */
export function TranslationsToolbar({
  search,
  onSearch,
  missingOnly,
  onMissingOnly,
  missingCount,
  languages,
  shown,
  onToggleLanguage,
  onAddKey,
}: Props) {
  const { t, language } = useI18n();
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-64 flex-1 flex-col gap-1 text-sm">
          <label htmlFor={`${id}-search`} className="font-medium">
            {t('masterData.translations.search')}
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute start-2 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <input
              id={`${id}-search`}
              type="search"
              className={`${fieldClass} ps-8`}
              placeholder={t('masterData.translations.searchPlaceholder')}
              value={search}
              onChange={(e) => onSearch(e.target.value)}
            />
          </div>
        </div>
        <label className="flex h-9 items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" checked={missingOnly} onChange={(e) => onMissingOnly(e.target.checked)} />
          {t('masterData.translations.missingOnly')}
          <span
            data-testid="missing-count"
            className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium tabular-nums text-amber-900"
          >
            {missingCount.toLocaleString(formatLocale(language))}
          </span>
        </label>
        <Button onClick={onAddKey}>
          <Plus className="size-4" aria-hidden />
          {t('masterData.translations.addKey')}
        </Button>
      </div>
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <legend className="sr-only">{t('masterData.translations.columns')}</legend>
        <span aria-hidden className="font-medium">
          {t('masterData.translations.columns')}
        </span>
        {languages.map((l) => (
          <label key={l.code} className="flex items-center gap-2">
            <input type="checkbox" className="size-4" checked={shown.has(l.code)} onChange={() => onToggleLanguage(l.code)} />
            {l.name}
            {!l.isActive && <span className="text-xs text-muted-foreground">({t('masterData.languages.inactive')})</span>}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
