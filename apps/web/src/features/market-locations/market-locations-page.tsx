import { MapPinned, Plus, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { useMe } from '../../app/session/use-me';
import { useI18n } from '../../app/i18n/i18n-provider';
import { useLocations, type Location } from './api';
import { DeleteLocationDialog } from './components/delete-location-dialog';
import { inputClass } from './components/form-field';
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
  const [status, setStatus] = useState<'' | 'active' | 'inactive'>('');
  const query = useDeferredValue(q.trim());
  const list = useLocations({ q: query || undefined, status: status || undefined });
  const filtered = !!query || !!status;
  const rows = list.data ?? [];
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
            className={`${inputClass} ps-9`}
            placeholder={t('locations.search')}
            value={q}
            maxLength={200}
            onChange={(e) => setQ(e.target.value)}
          />
        </label>
        <label>
          <span className="sr-only">{t('locations.filterStatus')}</span>
          <select className={`${inputClass} w-auto`} value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="">{t('locations.filterAll')}</option>
            <option value="active">{t('locations.status.active')}</option>
            <option value="inactive">{t('locations.status.inactive')}</option>
          </select>
        </label>
      </div>
      {list.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          {t('common.loadingPage')}
        </p>
      )}
      {list.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 p-4 text-sm">
          <span>{t('locations.loadFailed')}</span>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            {t('locations.retry')}
          </Button>
        </div>
      )}
      {list.isSuccess && rows.length === 0 && (
        <div className="flex flex-col items-center gap-3 rounded-lg border bg-card p-8 text-center text-sm text-muted-foreground">
          <p>{filtered ? t('locations.noMatch') : t('locations.empty')}</p>
          {!filtered && (
            <Button onClick={onAdd}>
              <Plus className="size-4" aria-hidden />
              {t('locations.add')}
            </Button>
          )}
        </div>
      )}
      {rows.length > 0 && <LocationsTable locations={rows} onEdit={onEdit} onDelete={onDelete} />}
    </div>
  );
}
