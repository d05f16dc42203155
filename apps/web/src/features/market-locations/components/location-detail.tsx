import { ArrowLeft, ArrowRight, Pencil, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { formatDay, formatTime, GeoMap, localDescription, localName, type GeoMarker } from '../../../components/geo-map';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { SlotPlan } from '../../../components/slot-plan';
import { useLocation, type Location } from '../api';
import { DayStatusBadge, PublicBadge, StatusBadge } from './status-badges';

interface Props {
  id: string;
  onEdit: (l: Location) => void;
  onDelete: (l: Location) => void;
}

/** One location: its facts, its point on the map and its slot plan. */
export function LocationDetail({ id, onEdit, onDelete }: Props) {
  const { t, language, direction } = useI18n();
  const q = useLocation(id);
  const l = q.data;
  const markers = useMemo<GeoMarker[]>(
    () =>
      l && l.latitude !== null && l.longitude !== null
        ? [{ id: l.id, lat: l.latitude, lng: l.longitude, title: localName(l, language), lines: [l.address] }]
        : [],
    [l, language],
  );
  const Back = direction === 'rtl' ? ArrowRight : ArrowLeft;
  const back = (
    <Link to="/market-locations" className={`${buttonVariants({ variant: 'ghost', size: 'sm' })} -ms-3 w-fit`}>
      <Back className="size-4" aria-hidden />
      {t('locations.detail.back')}
    </Link>
  );

  if (q.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('common.loadingPage')}
      </p>
    );
  if (q.isError || !l) {
    const missing = q.error instanceof ApiError && q.error.status === 404;
    return (
      <div className="flex flex-col gap-3">
        {back}
        <p role="alert" className="text-sm text-destructive">
          {missing ? t('locations.detail.notFound') : t('locations.loadFailed')}
        </p>
      </div>
    );
  }
  const description = localDescription(l, language);
  return (
    <div className="flex flex-col gap-4">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">
            <bdi>{localName(l, language)}</bdi>
          </h1>
          <p className="text-sm text-muted-foreground" lang={language === 'ar' ? 'en' : 'ar'}>
            <bdi>{language === 'ar' ? l.nameEn : l.nameAr}</bdi>
          </p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <PublicBadge isPublic={l.isPublic} />
            <StatusBadge status={l.status} />
          </div>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => onEdit(l)}>
            <Pencil className="size-4" aria-hidden />
            {t('locations.edit')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => onDelete(l)}>
            <Trash2 className="size-4 text-destructive" aria-hidden />
            {t('locations.delete')}
          </Button>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-4 gap-y-2 rounded-lg border bg-card p-4 text-sm">
          <dt className="text-muted-foreground">{t('locations.form.address')}</dt>
          <dd>
            <bdi>{l.address || '—'}</bdi>
          </dd>
          <dt className="text-muted-foreground">{t('locations.detail.point')}</dt>
          <dd className="tabular-nums">
            {l.latitude !== null && l.longitude !== null ? (
              <bdi dir="ltr">{`${l.latitude}, ${l.longitude}`}</bdi>
            ) : (
              t('locations.detail.noPoint')
            )}
          </dd>
          <dt className="text-muted-foreground">{t('locations.detail.amenities')}</dt>
          <dd>
            {l.amenities.length
              ? l.amenities.map((a) => t(`locations.amenity.${a}`)).join(language === 'ar' ? '، ' : ', ')
              : t('locations.detail.noAmenities')}
          </dd>
          <dt className="text-muted-foreground">{t('locations.col.nextDay')}</dt>
          <dd>
            {l.nextMarketDay ? (
              <span className="flex flex-wrap items-center gap-1.5">
                {formatDay(l.nextMarketDay.date, language)} · {formatTime(l.nextMarketDay.openTime, language)}–
                {formatTime(l.nextMarketDay.closeTime, language)}
                <DayStatusBadge status={l.nextMarketDay.status} />
              </span>
            ) : (
              t('locations.noNextDay')
            )}
          </dd>
          <dt className="text-muted-foreground">{t('locations.detail.marketDays')}</dt>
          <dd className="tabular-nums">{l.marketDayCount}</dd>
          {description && (
            <>
              <dt className="text-muted-foreground">{t('locations.detail.description')}</dt>
              <dd className="whitespace-pre-line">{description}</dd>
            </>
          )}
        </dl>
        {markers.length > 0 ? (
          <GeoMap markers={markers} label={t('locations.detail.point')} className="h-64 w-full lg:h-full lg:min-h-64" />
        ) : (
          <p className="flex h-32 items-center justify-center rounded-lg border bg-muted text-sm text-muted-foreground lg:h-full">
            {t('locations.detail.noPoint')}
          </p>
        )}
      </div>
      <section className="flex flex-col gap-2" aria-labelledby="plan-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="plan-heading" className="text-lg font-semibold">
            {t('locations.detail.plan')}{' '}
            <span className="text-sm font-normal text-muted-foreground">
              {t('locations.detail.planSize', { width: l.planWidthM, depth: l.planDepthM })}
            </span>
          </h2>
          <Link to={`/market-slots?location=${l.id}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            {t('locations.detail.manageSlots')}
          </Link>
        </div>
        {l.slots.length === 0 ? (
          <p className="rounded-lg border bg-card p-6 text-center text-sm text-muted-foreground">{t('locations.detail.noSlots')}</p>
        ) : (
          <SlotPlan location={l} slots={l.slots} categories={l.categories} />
        )}
      </section>
    </div>
  );
}
