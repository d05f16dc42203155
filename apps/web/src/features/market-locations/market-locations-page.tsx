import { LOCATION_STATUS_VALUES } from '@market/contracts/plain';
import { MapPinned, Plus, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { fieldClass } from '../../components/ui/form-dialog';
import { useMe } from '../../app/session/use-me';
import { useI18n } from '../../app/i18n/i18n-provider';
import { useLocations, type Location, type LocationStatus } from './api';
import { DeleteLocationDialog } from './components/delete-location-dialog';
import { LocationDetail } from './components/location-detail';
import { LocationFormDialog } from './components/location-form-dialog';
import { LocationsTable } from './components/locations-table';

type Editing = { location: Location | null } | null;

/** Market locations (super admin): the list, a location's page (?location=<id>), and the create/edit/delete dialogs. */
export default function MarketLocationsPage() {
  const me = useMe();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('location');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Location | null>(null);
  const orgSlug = me.data?.organization?.slug ?? null;

  const dialogs = (
    <>
      <LocationFormDialog
        open={!!editing}
        location={editing?.location ?? null}
        orgSlug={orgSlug}
        onOpenChange={(open) => !open && setEditing(null)}
        onSaved={(l) => !editing?.location && setParams({ location: l.id })}
      />
      <DeleteLocationDialog
        location={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDeleted={() => selectedId && navigate('/market-locations')}
      />
    </>
  );

  if (selectedId) {
    return (
      <>
        <LocationDetail id={selectedId} onEdit={(l) => setEditing({ location: l })} onDelete={setDeleting} />
        {dialogs}
      </>
    );
  }
  return (
    <>
      <LocationsList onAdd={() => setEditing({ location: null })} onEdit={(l) => setEditing({ location: l })} onDelete={setDeleting} />
      {dialogs}
    </>
  );
}

function LocationsList({ onAdd, onEdit, onDelete }: { onAdd: () => void; onEdit: (l: Location) => void; onDelete: (l: Location) => void }) {
  const { t } = useI18n();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<LocationStatus | ''>('');
  const query = useDeferredValue(q.trim());
  const list = useLocations({ q: query || undefined, status: status || undefined });
  const filtered = !!query || !!status;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-semibold">
            <MapPinned className="size-6" aria-hidden />
            {t('locations.title')}
          </h1>
          <p className="text-sm text-muted-foreground">{t('locations.subtitle')}</p>
        </div>
        <Button onClick={onAdd}>
          <Plus className="size-4" aria-hidden />
          {t('locations.add')}
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <label className="relative min-w-48 flex-1 sm:max-w-xs">
          <span className="sr-only">{t('locations.search')}</span>
          <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <input
            type="search"
            className={`${fieldClass} ps-9`}
            placeholder={t('locations.search')}
            value={q}
            maxLength={200}
            onChange={(e) => setQ(e.target.value)}
          />
        </label>
        <label>
          <span className="sr-only">{t('locations.filterStatus')}</span>
          <select className={`${fieldClass} w-auto`} value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="">{t('locations.filterAll')}</option>
            {LOCATION_STATUS_VALUES.map((s) => (
              <option key={s} value={s}>
                {t(`locations.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <LocationsTable
        query={list}
        empty={
          <div className="flex flex-col items-center gap-3">
            <p>{filtered ? t('locations.noMatch') : t('locations.empty')}</p>
            {!filtered && (
              <Button onClick={onAdd}>
                <Plus className="size-4" aria-hidden />
                {t('locations.add')}
              </Button>
            )}
          </div>
        }
        onEdit={onEdit}
        onDelete={onDelete}
      />
    </div>
  );
}
