import { useT } from '../../app/i18n/i18n-provider';
import type { Language } from './languages-api';
import type { KeyRow } from './translation-matrix';
import { TranslationCell, TranslationValue } from './translation-cell';
import { usePhone } from '../../components/data-table';

/** One page of keys, one column per chosen language (a card per key on a phone); every cell edits in place. */
export function TranslationsGrid({ rows, languages }: { rows: KeyRow[]; languages: Language[] }) {
  const t = useT();
  const phone = usePhone();
  const th = 'px-3 py-2 text-start font-medium';
  if (phone) {
    // A phone shows each key as a card with its text in every chosen language, each still editable in place.
    return (
      <ul className="flex flex-col gap-2" aria-label={t('masterData.tab.translations')}>
        {rows.map((row) => (
          <li key={row.key} className="flex flex-col gap-2 rounded-md border bg-card p-3 text-sm" data-testid="translation-row">
            <div className="break-all font-mono text-xs" dir="ltr">
              {row.key}
            </div>
            <dl className="flex flex-col gap-1">
              {languages.map((l) => (
                <div key={l.code} className="flex flex-col">
                  <dt className="text-xs text-muted-foreground">{l.name}</dt>
                  <dd dir={l.textDirection} className="-mx-2 min-w-0">
                    <TranslationValue rowKey={row.key} language={l} translation={row.byLanguage.get(l.code)} />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="relative overflow-x-auto rounded-md border">
      <table className="w-full table-fixed text-sm" style={{ minInlineSize: `${16 + languages.length * 14}rem` }}>
        <thead className="bg-muted/60 text-muted-foreground">
          <tr>
            <th className={`${th} w-64`}>{t('masterData.field.key')}</th>
            {languages.map((l) => (
              <th key={l.code} className={th}>
                {l.name}{' '}
                <span className="font-mono text-xs" dir="ltr">
                  ({l.code})
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t" data-testid="translation-row">
              <th scope="row" className="px-3 py-2 text-start align-top font-mono text-xs font-normal break-all" dir="ltr">
                {row.key}
              </th>
              {languages.map((l) => (
                <TranslationCell key={l.code} rowKey={row.key} language={l} translation={row.byLanguage.get(l.code)} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
