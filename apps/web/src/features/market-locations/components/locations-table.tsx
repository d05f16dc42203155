import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { formatDay, localName } from '../../../components/geo-map';
import { useI18n } from '../../../app/i18n/i18n-provider';
import type { Location } from '../api';
import { DayStatusBadge, PublicBadge, StatusBadge } from './status-badges';

interface Props {
  locations: Location[];
  onEdit: (l: Location) => void;
  onDelete: (l: Location) => void;
}

const th = 'px-3 py-2 text-start text-xs font-medium text-muted-foreground';
const td = 'px-3 py-2 align-middle';

export function LocationsTable({ locations, onEdit, onDelete }: Props) {
  const { t, language } = useI18n();
  return (
    <div className="relative overflow-x-auto rounded-lg border bg-card">
      <table className="w-full min-w-[36rem] text-sm">
        <thead className="border-b bg-muted/50">
          <tr>
            <th className={th}>{t('locations.col.name')}</th>
            <th className={`${th} hidden lg:table-cell`}>{t('locations.col.address')}</th>
            <th className={th}>{t('locations.col.public')}</th>
            <th className={th}>{t('locations.col.status')}</th>
            <th className={`${th} text-end`}>{t('locations.col.slots')}</th>
            <th className={th}>{t('locations.col.nextDay')}</th>
            <th className={`${th} text-end`}>
              <span className="sr-only">{t('locations.col.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {locations.map((l) => {
            const name = localName(l, language);
            return (
              <tr key={l.id} data-testid="location-row">
                <td className={td}>
                  <Link to={`?location=${l.id}`} className="font-medium text-primary hover:underline">
                    <bdi>{name}</bdi>
                  </Link>
                  <div className="text-xs text-muted-foreground lg:hidden">
                    <bdi>{l.address}</bdi>
                  </div>
                </td>
                <td className={`${td} hidden lg:table-cell`}>
                  <bdi>{l.address}</bdi>
                </td>
                <td className={td}>
                  <PublicBadge isPublic={l.isPublic} />
                </td>
                <td className={td}>
                  <StatusBadge status={l.status} />
                </td>
                <td className={`${td} text-end tabular-nums`}>{l.slotCount}</td>
                <td className={td}>
                  {l.nextMarketDay ? (
                    <span className="flex flex-wrap items-center gap-1.5">
                      <time dateTime={l.nextMarketDay.date}>{formatDay(l.nextMarketDay.date, language, 'short')}</time>
                      <DayStatusBadge status={l.nextMarketDay.status} />
                    </span>
                  ) : (
                    <span className="text-muted-foreground">{t('locations.noNextDay')}</span>
                  )}
                </td>
                <td className={`${td} text-end`}>
                  <div className="inline-flex gap-1" role="group" aria-label={t('locations.rowActions', { name })}>
                    <Button variant="ghost" size="icon" onClick={() => onEdit(l)} title={t('locations.edit')}>
                      <Pencil className="size-4" aria-hidden />
                      <span className="sr-only">{t('locations.edit')}</span>
                    </Button>
                    <Button variant="ghost" size="icon" onClick={() => onDelete(l)} title={t('locations.delete')}>
                      <Trash2 className="size-4 text-destructive" aria-hidden />
                      <span className="sr-only">{t('locations.delete')}</span>
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
