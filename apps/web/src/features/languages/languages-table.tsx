import { ArrowDown, ArrowUp, MoreHorizontal } from 'lucide-react';
import { Switch } from 'radix-ui';
import { Button } from '../../components/ui/button';
import { column, DataTable, type ColumnDef } from '../../components/data-table';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../components/ui/menu';
import { useI18n } from '../../app/i18n/i18n-provider';
import type { Language } from './languages-api';
import { formatLocale } from '../../app/i18n/locale-format';

interface Props {
  languages: Language[];
  /** Keys translated per language code and the number of keys; null while translations load. */
  coverage: { total: number; translated: Map<string, number> } | null;
  busy: boolean;
  onMove: (index: number, step: -1 | 1) => void;
  onToggleActive: (l: Language) => void;
  onSetDefault: (l: Language) => void;
  onEdit: (l: Language) => void;
  onDelete: (l: Language) => void;
}

function Coverage({ done, total }: { done: number; total: number }) {
  const { t, language } = useI18n();
  const pct = total ? Math.floor((done / total) * 100) : 100;
  const n = (x: number) => x.toLocaleString(formatLocale(language));
  return (
    <div className="flex min-w-32 flex-col gap-1">
      <span className="text-xs tabular-nums">
        {t('masterData.languages.coverageValue', { done: n(done), total: n(total), percent: pct })}
      </span>
      <span className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
        <span className={`block h-full ${pct === 100 ? 'bg-emerald-600' : 'bg-primary'}`} style={{ inlineSize: `${pct}%` }} />
      </span>
    </div>
  );
}

/** All languages in their order, with state, coverage and the actions each allows. */
export function LanguagesTable({ languages, coverage, busy, onMove, onToggleActive, onSetDefault, onEdit, onDelete }: Props) {
  const { t } = useI18n();
  const columns: ColumnDef<Language>[] = [
    column({
      id: 'order',
      header: t('masterData.languages.col.order'),
      card: 'field',
      cell: (l, i) => (
        <div className="flex items-center gap-1">
          <span className="w-6 text-center tabular-nums text-muted-foreground">{i + 1}</span>
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            disabled={busy || i === 0}
            aria-label={t('masterData.languages.moveUp', { name: l.name })}
            onClick={() => onMove(i, -1)}
          >
            <ArrowUp className="size-4" aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            disabled={busy || i === languages.length - 1}
            aria-label={t('masterData.languages.moveDown', { name: l.name })}
            onClick={() => onMove(i, 1)}
          >
            <ArrowDown className="size-4" aria-hidden />
          </Button>
        </div>
      ),
    }),
    column({
      id: 'code',
      header: t('masterData.field.code'),
      card: 'field',
      cellClassName: 'font-mono text-xs',
      cellProps: { dir: 'ltr' },
      cell: (l) => l.code,
    }),
    column({
      id: 'name',
      header: t('masterData.field.name'),
      card: 'title',
      cell: (l) => (
        <>
          <span className="font-medium">{l.name}</span>
          {l.isDefault && (
            <span className="ms-2 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
              {t('masterData.languages.default')}
            </span>
          )}
          {l.shipped && (
            <span className="ms-2 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
              {t('masterData.languages.shipped')}
            </span>
          )}
          {l.overridden && (
            <span
              className="ms-2 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900"
              title={t('masterData.languages.changedHint')}
            >
              {t('masterData.languages.changed')}
            </span>
          )}
        </>
      ),
    }),
    column({
      id: 'nativeName',
      header: t('masterData.field.nativeName'),
      card: 'field',
      cellProps: (l) => ({ dir: l.textDirection, lang: l.code }),
      cell: (l) => l.nativeName,
    }),
    column({ id: 'direction', header: t('masterData.field.textDirection'), cell: (l) => t(`masterData.direction.${l.textDirection}`) }),
    column({
      id: 'active',
      header: t('masterData.languages.col.active'),
      card: 'field',
      cell: (l) => (
        <Switch.Root
          checked={l.isActive}
          disabled={busy || l.isDefault}
          title={l.isDefault ? t('masterData.error.defaultStaysActive') : undefined}
          aria-label={t('masterData.languages.activeLabel', { name: l.name })}
          onCheckedChange={() => onToggleActive(l)}
          className="inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-muted-foreground/40 p-0.5 outline-none focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60 data-[state=checked]:bg-primary"
        >
          <Switch.Thumb className="block size-4 rounded-full bg-background shadow transition-[margin] data-[state=checked]:ms-4" />
        </Switch.Root>
      ),
    }),
    column({
      id: 'coverage',
      header: t('masterData.languages.col.coverage'),
      card: 'field',
      cell: (l) =>
        coverage ? (
          <Coverage done={coverage.translated.get(l.code) ?? 0} total={coverage.total} />
        ) : (
          <span className="text-xs text-muted-foreground">…</span>
        ),
    }),
    column({
      id: 'actions',
      header: <span className="sr-only">{t('masterData.languages.col.actions')}</span>,
      card: 'actions',
      cellClassName: 'text-end',
      cell: (l) => (
        <Menu>
          <MenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={t('masterData.languages.rowActions', { name: l.name })}>
              <MoreHorizontal className="size-4" aria-hidden />
            </Button>
          </MenuTrigger>
          <MenuContent>
            <MenuItem onSelect={() => onEdit(l)}>{t('masterData.languages.edit')}</MenuItem>
            <MenuItem disabled={l.isDefault || busy} onSelect={() => onSetDefault(l)}>
              {t('masterData.languages.setDefault')}
            </MenuItem>
            {/* A shipped language cannot be removed, only its organization's settings reset. */}
            {l.shipped ? (
              <MenuItem disabled={!l.overridden} onSelect={() => onDelete(l)}>
                {t('masterData.languages.reset')}
              </MenuItem>
            ) : (
              <MenuItem disabled={l.isDefault} className="text-destructive" onSelect={() => onDelete(l)}>
                {t('masterData.languages.delete')}
              </MenuItem>
            )}
          </MenuContent>
        </Menu>
      ),
    }),
  ];
  return (
    <DataTable
      columns={columns}
      data={languages}
      tableClassName="min-w-[52rem]"
      rowProps={(l) => ({ 'data-testid': `language-row-${l.code}` })}
    />
  );
}
