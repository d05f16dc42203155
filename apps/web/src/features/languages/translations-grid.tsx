import { useT } from '../../app/i18n/i18n-provider';
import type { Language } from './languages-api';
import type { KeyRow } from './translation-matrix';
import { TranslationCell } from './translation-cell';

/** One page of keys, one column per chosen language; every cell edits in place. */
export function TranslationsGrid({ rows, languages }: { rows: KeyRow[]; languages: Language[] }) {
  const t = useT();
  const th = 'px-3 py-2 text-start font-medium';
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
