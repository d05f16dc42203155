import { productsRoutes as p } from '@market/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { fieldClass } from '../../components/ui/form-dialog';
import { api } from '../../lib/api';
import { useI18n } from '../../app/i18n/i18n-provider';
import { variantKeys } from './variants-api';

const CHOICES = 20;

type Choice = { id: string; sku: string; nameEn: string; nameAr: string };

/**
 * The grid's product filter: a combobox searching every product on the server (SKU or name, debounced),
 * with "All products" first. Opened from a link (?productId=…) it shows that product's name.
 */
export function ProductCombobox({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t, language } = useI18n();
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null); // null: not typing, the selection shows
  const [q, setQ] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQ((text ?? '').trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const selected = useQuery({
    queryKey: variantKeys.product(value),
    enabled: !!value,
    queryFn: () => api(p.getProduct, { params: { id: value } }),
    staleTime: 60_000,
  });
  const results = useQuery({
    queryKey: [...variantKeys.productChoices, q],
    enabled: open,
    queryFn: () => api(p.listProducts, { query: { q: q || undefined, sort: 'sku_asc', limit: String(CHOICES) } }),
    staleTime: 30_000,
  });

  const nameOf = (c: Choice) => `${c.sku} — ${(language === 'ar' && c.nameAr) || c.nameEn}`;
  const choices: (Choice | null)[] = [null, ...(results.data?.items ?? [])];
  const shown = text ?? (value ? (selected.data ? nameOf(selected.data) : '') : '');
  const optionId = (i: number) => `${id}-opt-${i}`;

  const close = () => {
    setOpen(false);
    setText(null);
  };
  const choose = (c: Choice | null) => {
    onChange(c?.id ?? '');
    close();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return void (setOpen(true), setActive(0));
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => Math.min(choices.length - 1, Math.max(0, a + step)));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      const c = choices[active];
      if (c !== undefined) choose(c);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close();
    } else if (e.key === 'Home' && open) {
      setActive(0);
    } else if (e.key === 'End' && open) {
      setActive(choices.length - 1);
    }
  };

  return (
    <div className="flex w-full min-w-0 flex-col gap-1 text-sm sm:w-72">
      <label htmlFor={`${id}-input`} className="font-medium">
        {t('variants.page.product')}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={`${id}-input`}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && choices[active] !== undefined ? optionId(active) : undefined}
          autoComplete="off"
          dir="auto"
          className={`${fieldClass} pe-14`}
          placeholder={t('variants.page.allProducts')}
          value={shown}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={(e) => e.target.select()}
          onClick={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
          data-testid="variants-product-filter"
        />
        {value && (
          <button
            type="button"
            className="absolute end-7 top-1/2 -translate-y-1/2 rounded p-1 text-muted-foreground hover:text-foreground"
            aria-label={t('variants.page.clearProduct')}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(null)}
          >
            <X className="size-3.5" aria-hidden />
          </button>
        )}
        <ChevronDown className="pointer-events-none absolute end-2 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('variants.page.product')}
          hidden={!open}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-md border bg-card p-1 text-foreground shadow-md"
        >
          {choices.map((c, i) => (
            <li
              key={c?.id ?? 'all'}
              id={optionId(i)}
              role="option"
              aria-selected={(c?.id ?? '') === value}
              data-active={i === active}
              className="cursor-pointer truncate rounded px-2 py-1.5 data-[active=true]:bg-accent aria-selected:font-medium"
              dir="auto"
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(c)}
            >
              {c ? nameOf(c) : t('variants.page.allProducts')}
            </li>
          ))}
          {open && (
            <li role="presentation" className="px-2 py-1.5 text-xs text-muted-foreground" aria-live="polite">
              {results.isFetching
                ? t('variants.page.productSearching')
                : results.error
                  ? t('variants.page.productLoadFailed')
                  : choices.length === 1
                    ? t('variants.page.productNoMatch')
                    : results.data?.nextCursor
                      ? t('variants.page.productMore', { count: CHOICES })
                      : null}
            </li>
          )}
        </ul>
      </div>
    </div>
  );
}
