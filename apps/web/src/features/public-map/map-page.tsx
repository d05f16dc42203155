import { Store } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { formatDay, GeoMap, localName, type GeoMarker } from '../../components/geo-map';
import { useI18n } from '../../app/i18n/i18n-provider';
import { usePublicMap } from './api';
import { LanguageSwitch } from '../../app/i18n/language-switch';
import { PublicLocationCard } from './components/public-location-card';

/** The public market map: no sign-in; locations on a map with their market days and slot plans listed below. */
export default function MapPage() {
  const { t, language } = useI18n();
  const data = usePublicMap();
  const [selected, setSelected] = useState<string | null>(null);
  const [openPlans, setOpenPlans] = useState<Set<string>>(new Set());
  const cards = useRef(new Map<string, HTMLElement>());
  const mapBox = useRef<HTMLDivElement>(null);
  const locations = useMemo(() => data.data?.locations ?? [], [data.data]);

  useEffect(() => {
    document.title = t('map.title');
  }, [t]);

  // The first market opens with its plan, so a visitor sees one without searching for the button.
  useEffect(() => {
    const first = locations.find((l) => l.slotCount > 0);
    if (first) setOpenPlans((s) => (s.size ? s : new Set([first.id])));
  }, [locations]);

  const markers = useMemo<GeoMarker[]>(
    () =>
      locations
        .filter((l) => l.latitude !== null && l.longitude !== null)
        .map((l) => ({
          id: l.id,
          lat: l.latitude!,
          lng: l.longitude!,
          title: localName(l, language),
          lines: [l.address, l.marketDays[0] ? formatDay(l.marketDays[0].date, language) : t('map.noDays')].filter(Boolean),
        })),
    [locations, language, t],
  );

  const selectFromMap = (id: string) => {
    setSelected(id);
    cards.current.get(id)?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  };
  const showOnMap = (id: string) => {
    setSelected(id);
    mapBox.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const togglePlan = (id: string) =>
    setOpenPlans((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <main className="flex flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-semibold">
            <Store className="size-6" aria-hidden />
            {t('map.title')}
          </h1>
          <p className="text-sm text-muted-foreground">{t('map.subtitle')}</p>
        </div>
        <LanguageSwitch />
      </header>

      {data.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          {t('map.loading')}
        </p>
      )}
      {data.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 p-4 text-sm">
          <span>{t('map.loadFailed')}</span>
          <Button variant="outline" size="sm" onClick={() => void data.refetch()}>
            {t('map.retry')}
          </Button>
        </div>
      )}
      {data.isSuccess && locations.length === 0 && (
        <p className="rounded-lg border bg-card p-6 text-center text-sm text-muted-foreground" data-testid="map-empty">
          {t('map.empty')}
        </p>
      )}
      {locations.length > 0 && (
        <>
          <div ref={mapBox} className="scroll-mt-4">
            <GeoMap
              markers={markers}
              label={t('map.region')}
              selectedId={selected}
              onMarkerSelect={selectFromMap}
              className="h-72 w-full sm:h-96"
            />
          </div>
          <p className="text-sm text-muted-foreground">
            {t('map.count', { count: locations.length })}
            {data.data?.truncated && <> · {t('map.truncated', { count: locations.length })}</>}
          </p>
          <div className="flex flex-col gap-4">
            {locations.map((l) => (
              <PublicLocationCard
                key={l.id}
                ref={(el) => {
                  if (el) cards.current.set(l.id, el);
                  else cards.current.delete(l.id);
                }}
                location={l}
                selected={l.id === selected}
                planOpen={openPlans.has(l.id)}
                onTogglePlan={() => togglePlan(l.id)}
                onShowOnMap={() => showOnMap(l.id)}
              />
            ))}
          </div>
        </>
      )}
    </main>
  );
}
