import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { column, DataTable, type ColumnDef, type TableQuery } from '../../../components/data-table';
import { Button } from '../../../components/ui/button';
import { formatDay, localName } from '../../../components/geo-map';
import { useI18n } from '../../../app/i18n/i18n-provider';
import type { Location } from '../api';
import { DayStatusBadge, PublicBadge, StatusBadge } from './status-badges';

interface Props {
  query: TableQuery<Location>;
  /** Said when there are no locations. */
  empty: ReactNode;
  onEdit: (l: Location) => void;
  onDelete: (l: Location) => void;
}

/** The organization's locations with visibility, state, slot count and next market day; edit and delete per row. */
export function LocationsTable({ query, empty, onEdit, onDelete }: Props) {
  const { t, language } = useI18n();
  const columns: ColumnDef<Location>[] = [
    column({
      id: 'name',
      header: t('locations.col.name'),
      card: 'title',
      cell: (l) => (
        <>
          <Link to={`?location=${l.id}`} className="font-medium text-primary hover:underline">
            <bdi>{localName(l, language)}</bdi>
          </Link>
          <div className="text-xs text-muted-foreground lg:hidden">
            <bdi>{l.address}</bdi>
          </div>
        </>
      ),
    }),
    column({ id: 'address', header: t('locations.col.address'), className: 'hidden lg:table-cell', cell: (l) => <bdi>{l.address}</bdi> }),
    column({ id: 'public', header: t('locations.col.public'), card: 'field', cell: (l) => <PublicBadge isPublic={l.isPublic} /> }),
    column({ id: 'status', header: t('locations.col.status'), card: 'field', cell: (l) => <StatusBadge status={l.status} /> }),
    column({
      id: 'slots',
      header: t('locations.col.slots'),
      card: 'field',
      align: 'end',
      cellClassName: 'tabular-nums',
      cell: (l) => l.slotCount,
    }),
    column({
      id: 'nextDay',
      header: t('locations.col.nextDay'),
      card: 'field',
      cell: (l) =>
        l.nextMarketDay ? (
          <span className="flex flex-wrap items-center gap-1.5">
            <time dateTime={l.nextMarketDay.date}>{formatDay(l.nextMarketDay.date, language, 'short')}</time>
            <DayStatusBadge status={l.nextMarketDay.status} />
          </span>
        ) : (
          <span className="text-muted-foreground">{t('locations.noNextDay')}</span>
        ),
    }),
    column({
      id: 'actions',
      header: <span className="sr-only">{t('locations.col.actions')}</span>,
      card: 'actions',
      align: 'end',
      cell: (l) => (
        <div className="inline-flex gap-1" role="group" aria-label={t('locations.rowActions', { name: localName(l, language) })}>
          <Button variant="ghost" size="icon" onClick={() => onEdit(l)} title={t('locations.edit')}>
            <Pencil className="size-4" aria-hidden />
            <span className="sr-only">{t('locations.edit')}</span>
          </Button>
          <Button variant="ghost" size="icon" onClick={() => onDelete(l)} title={t('locations.delete')}>
            <Trash2 className="size-4 text-destructive" aria-hidden />
            <span className="sr-only">{t('locations.delete')}</span>
          </Button>
        </div>
      ),
    }),
  ];
  return (
    <DataTable
      columns={columns}
      query={query}
      errorLabel={t('locations.loadFailed')}
      empty={empty}
      className="bg-card"
      tableClassName="min-w-[36rem]"
      rowProps={() => ({ 'data-testid': 'location-row' })}
    />
  );
}
