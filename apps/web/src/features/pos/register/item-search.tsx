import { ScanBarcode } from 'lucide-react';
import { forwardRef, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { errorMessage } from '../../../lib/api-errors';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../payment-management';
import type { Sellable } from './cart';
import { nameIn } from './register-format';
import { isExactMatch } from './snapshot-store';
import type { LookupAnswer } from './use-lookup';

/** Pause in typing before a name search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;

type Answer = LookupAnswer & { term: string };

/**
 * The register's one input: Enter with a scanned barcode or typed SKU adds that item at once; typing a name lists
 * matches (after a pause) to pick with the arrows and Enter, or a click.
 */
export const ItemSearch = forwardRef<
  HTMLInputElement,
  { lookup: (term: string, signal?: AbortSignal) => Promise<LookupAnswer>; onAdd: (item: Sellable) => void; currency: string | null }
>(function ItemSearch({ lookup, onAdd, currency }, ref) {
  const { t, language } = useI18n();
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [active, setActive] = useState(-1);
  const [searching, setSearching] = useState(false);
  const [note, setNote] = useState<{ text: string; error?: boolean } | null>(null);
  const [announce, setAnnounce] = useState('');
  const inFlight = useRef<AbortController | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const listId = useId();

  const run = useCallback(
    async (term: string): Promise<Answer | null> => {
      inFlight.current?.abort();
      const ac = new AbortController();
      inFlight.current = ac;
      setSearching(true);
      try {
        const a = { ...(await lookup(term, ac.signal)), term };
        if (ac.signal.aborted) return null;
        setAnswer(a);
        setNote(null);
        return a;
      } catch (e) {
        if (!ac.signal.aborted) setNote({ text: errorMessage(t, e), error: true });
        return null;
      } finally {
        if (inFlight.current === ac) setSearching(false);
      }
    },
    [lookup, t],
  );

  // A name search once typing pauses; a term too short to be a name clears the list.
  useEffect(() => {
    const term = text.trim();
    window.clearTimeout(timer.current);
    if (term.length < 2) {
      inFlight.current?.abort();
      setAnswer(null);
      setActive(-1);
      return;
    }
    timer.current = window.setTimeout(() => void run(term), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer.current);
  }, [text, run]);

  const items = answer?.items ?? [];
  const open = items.length > 0 && text.trim().length > 0;

  const add = (item: Sellable) => {
    window.clearTimeout(timer.current);
    inFlight.current?.abort();
    onAdd(item);
    setText('');
    setAnswer(null);
    setActive(-1);
    setNote(null);
    setAnnounce(t('posRegister.search.added', { name: nameIn(language, item) }));
  };

  const enter = async () => {
    const term = text.trim();
    if (!term) return;
    if (active >= 0 && items[active] && answer?.term === term) return add(items[active]);
    const known = answer?.term === term && !searching ? answer.items.find((i) => isExactMatch(i, term)) : undefined;
    if (known) return add(known);
    // A scanner types fast and presses Enter, and may scan the next code before this one's lookup answers: the field
    // is cleared at once for it, and this lookup is its own (a later scan or search never cancels it).
    window.clearTimeout(timer.current);
    inFlight.current?.abort();
    setText('');
    setAnswer(null);
    setActive(-1);
    let a: LookupAnswer;
    try {
      a = await lookup(term);
    } catch (e) {
      setText((now) => now || term);
      setNote({ text: errorMessage(t, e), error: true });
      return;
    }
    const exact = a.items.find((i) => isExactMatch(i, term));
    if (exact) {
      onAdd(exact);
      setNote(null);
      setAnnounce(t('posRegister.search.added', { name: nameIn(language, exact) }));
      return;
    }
    // Not a code: the term comes back (unless the next one is being typed) with what matched it.
    setText((now) => now || term);
    setAnswer({ ...a, term });
    if (a.items.length) {
      setActive(0);
      setNote({ text: t('posRegister.search.choose') });
    } else setNote({ text: t('posRegister.search.nothing', { term }) });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!items.length) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 && step < 0 ? items.length - 1 : (i + step + items.length) % items.length));
    } else if (e.key === 'Escape') {
      setText('');
      setNote(null);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      void enter();
    }
  };

  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={`${listId}-input`} className="text-sm font-medium">
        {t('posRegister.search.label')}
      </label>
      <div className="relative">
        <ScanBarcode className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <input
          ref={ref}
          id={`${listId}-input`}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={note ? `${listId}-note` : undefined}
          autoComplete="off"
          autoFocus
          enterKeyHint="enter"
          placeholder={t('posRegister.search.placeholder')}
          className="h-12 w-full rounded-md border bg-background ps-10 pe-3 text-base focus-visible:outline-2 focus-visible:outline-ring"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(-1);
            setNote(null);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('posRegister.search.results')}
          className="absolute top-full z-20 mt-1 max-h-80 w-full overflow-auto rounded-md border bg-card text-foreground shadow-lg"
        >
          {items.map((item, i) => (
            <li
              key={`${item.productId}:${item.variantId ?? ''}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={cn(
                'flex min-h-12 cursor-pointer items-center justify-between gap-3 px-3 py-2',
                i === active ? 'bg-accent' : 'hover:bg-accent/60',
              )}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => add(item)}
            >
              <span className="min-w-0">
                <span className="block truncate font-medium">{nameIn(language, item)}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  {[item.vendorName, item.sku, item.barcode].filter(Boolean).join(' · ')}
                </span>
              </span>
              <span className="shrink-0 text-end">
                <span className="block tabular-nums">{formatMoney(item.price, currency, language)}</span>
                {item.tracksStock && (
                  <span className="block text-xs text-muted-foreground">{t('posRegister.search.stock', { count: item.stock ?? 0 })}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="min-h-5 text-xs">
        {searching && <span className="text-muted-foreground">{t('posRegister.search.searching')}</span>}
        {!searching && note && (
          <span
            id={`${listId}-note`}
            role={note.error ? 'alert' : undefined}
            className={note.error ? 'text-destructive' : 'text-muted-foreground'}
          >
            {note.text}
          </span>
        )}
        {!searching && !note && answer?.offline && open && (
          <span className="text-muted-foreground">{t('posRegister.search.fromSnapshot')}</span>
        )}
      </div>
      <span className="sr-only" aria-live="polite">
        {announce}
      </span>
    </div>
  );
});
