import { CalendarDays, ChevronDown, MapPin } from 'lucide-react';
import { forwardRef } from 'react';
import { Button } from '../../../components/ui/button';
import { formatDay, formatTime, localDescription, localName } from '../../../components/geo-map';
import { useI18n } from '../../../app/i18n/i18n-provider';
import type { PublicLocation } from '../api';
import { PublicLocationPlan } from './public-location-plan';

interface Props {
  location: PublicLocation;
  selected: boolean;
  planOpen: boolean;
  onTogglePlan: () => void;
  onShowOnMap?: () => void;
}

export const PublicLocationCard = forwardRef<HTMLElement, Props>(function PublicLocationCard(
  { location: l, selected, planOpen, onTogglePlan, onShowOnMap },
  ref,
) {
  const { t, language } = useI18n();
  const name = localName(l, language);
  const description = localDescription(l, language);
  const planId = `plan-${l.id}`;
  return (
    <article
      ref={ref}
      aria-labelledby={`loc-${l.id}`}
      data-testid="public-location"
      className={`scroll-mt-4 rounded-lg border bg-card p-4 ${selected ? 'ring-2 ring-ring' : ''}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`loc-${l.id}`} className="text-lg font-semibold">
            <bdi>{name}</bdi>
          </h2>
          <p className="text-sm text-muted-foreground">{t('map.organizer', { name: l.organizationName })}</p>
          {l.address && (
            <p className="mt-1 flex items-center gap-1 text-sm">
              <MapPin className="size-4 shrink-0" aria-hidden />
              <bdi>{l.address}</bdi>
            </p>
          )}
        </div>
        {l.latitude !== null && l.longitude !== null ? (
          onShowOnMap && (
            <Button variant="outline" size="sm" onClick={onShowOnMap}>
              {t('map.showOnMap')}
            </Button>
          )
        ) : (
          <span className="text-xs text-muted-foreground">{t('map.noPoint')}</span>
        )}
      </div>
      {description && <p className="mt-2 whitespace-pre-line text-sm">{description}</p>}
      {l.amenities.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t('map.amenities')}>
          {l.amenities.map((a) => (
            <li key={a} className="rounded-full border bg-muted px-2 py-0.5 text-xs">
              {t(`locations.amenity.${a}`)}
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 flex items-center gap-1.5 text-sm font-medium">
        <CalendarDays className="size-4" aria-hidden />
        {t('map.upcoming')}
      </h3>
      {l.marketDays.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">{t('map.noDays')}</p>
      ) : (
        <ul className="mt-1 divide-y text-sm" data-testid="market-days">
          {l.marketDays.map((d) => (
            <li key={d.id} className="flex flex-wrap justify-between gap-x-4 py-1.5">
              <time dateTime={d.date}>{formatDay(d.date, language)}</time>
              <span className="tabular-nums text-muted-foreground">
                {formatTime(d.openTime, language)} – {formatTime(d.closeTime, language)}
                <span className="sr-only">, {t('map.setup', { time: formatTime(d.setupTime, language) })}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {l.slotCount > 0 && (
        <div className="mt-4">
          <Button variant="ghost" size="sm" aria-expanded={planOpen} aria-controls={planId} onClick={onTogglePlan} className="-ms-3">
            <ChevronDown className={`size-4 transition-transform ${planOpen ? 'rotate-180' : ''}`} aria-hidden />
            {planOpen ? t('map.hidePlan') : t('map.showPlan')}
            <span className="text-xs text-muted-foreground">({t('map.slotCount', { count: l.slotCount })})</span>
          </Button>
          <div id={planId} className="mt-2">
            {planOpen && <PublicLocationPlan id={l.id} name={name} />}
          </div>
        </div>
      )}
    </article>
  );
});
