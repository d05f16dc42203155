import { RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { useT } from '../../app/i18n/i18n-provider';
import { errorMessage } from '../../lib/api-errors';
import { languageErrorWords, useResetTranslation, useSaveTranslation, type Language, type Translation } from './languages-api';

interface Props {
  rowKey: string;
  language: Language;
  translation?: Translation;
}

/** The input of a cell being edited: Enter or leaving saves, Escape gives up. */
function CellEditor({ rowKey, language, translation, label, onDone }: Props & { label: string; onDone: () => void }) {
  const t = useT();
  const save = useSaveTranslation();
  // The text as the editor opened it: its version goes with the save, so a change made elsewhere meanwhile
  // (the grid reloads on realtime) is refused rather than overwritten.
  const [opened] = useState(translation);
  const before = opened?.value ?? '';
  const [draft, setDraft] = useState(before);
  // Enter saves and then the input loses focus; this stops the blur from saving a second time.
  const settled = useRef(false);

  const commit = () => {
    if (settled.current || save.isPending) return;
    if (draft === before || (!opened && !draft.trim())) {
      settled.current = true;
      onDone();
      return;
    }
    settled.current = true;
    save.mutate(
      { existing: opened, key: rowKey, language: language.code, value: draft },
      {
        onSuccess: onDone,
        onError: () => {
          settled.current = false;
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-1">
      <input
        autoFocus
        aria-label={label}
        dir={language.textDirection}
        lang={language.code}
        className="h-8 w-full rounded border bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive"
        value={draft}
        disabled={save.isPending}
        aria-invalid={!!save.error}
        maxLength={10000}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            settled.current = true;
            onDone();
          }
        }}
      />
      {save.isPending && <span className="text-xs text-muted-foreground">{t('masterData.saving')}</span>}
      {save.error && (
        <span role="alert" className="text-xs text-destructive">
          {errorMessage(t, save.error, languageErrorWords(t))}
        </span>
      )}
    </div>
  );
}

/** Marks a text the organization changed, with the shipped one in its title, and offers to bring that back. */
function ChangedMark({ rowKey, language, translation }: Props & { translation: Translation }) {
  const t = useT();
  const reset = useResetTranslation();
  return (
    <span className="flex items-center gap-1 px-2 text-xs">
      <span
        className="rounded-full bg-sky-100 px-2 py-0.5 font-medium text-sky-900"
        title={t('masterData.translations.shippedText', { value: translation.shippedValue ?? '' })}
      >
        {t('masterData.translations.changed')}
      </span>
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded px-1 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60"
        aria-label={t('masterData.translations.resetLabel', { key: rowKey, language: language.name })}
        disabled={reset.isPending}
        onClick={() =>
          reset.mutate(translation, {
            onSuccess: () => toast.success(t('masterData.translations.toast.reset', { key: rowKey })),
            onError: (e) => toast.error(errorMessage(t, e, languageErrorWords(t))),
          })
        }
      >
        <RotateCcw className="size-3" aria-hidden />
        {t('masterData.translations.reset')}
      </button>
    </span>
  );
}

/** One key's value in one language; a click opens it for editing in place. */
export function TranslationCell(props: Props) {
  return (
    <td
      className="px-2 py-1 align-top"
      dir={props.language.textDirection}
      data-overridden={props.translation?.overridden ? 'true' : undefined}
    >
      <TranslationValue {...props} />
    </td>
  );
}

/** What a cell holds (also a phone's card field): the text as a button that opens it for editing, and its changed mark. */
export function TranslationValue(props: Props) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const { rowKey, language, translation } = props;
  const label = t('masterData.translations.editCell', { key: rowKey, language: language.name });
  const value = translation?.value ?? '';
  return (
    <>
      {editing ? (
        <CellEditor {...props} label={label} onDone={() => setEditing(false)} />
      ) : (
        <>
          <button
            type="button"
            aria-label={label}
            title={value || undefined}
            className="block min-h-8 w-full rounded px-2 py-1 text-start hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => setEditing(true)}
          >
            {value.trim() ? (
              <span lang={language.code} className="line-clamp-2 break-words">
                {value}
              </span>
            ) : (
              <span className="text-xs italic text-amber-700 dark:text-amber-400" dir="auto">
                {t('masterData.translations.missing')}
              </span>
            )}
          </button>
          {translation?.overridden && <ChangedMark {...props} translation={translation} />}
        </>
      )}
    </>
  );
}
