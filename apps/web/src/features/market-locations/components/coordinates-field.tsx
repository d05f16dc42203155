import { X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { GeoMap, type LatLng } from '../../../components/geo-map';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { FormField, inputClass } from './form-field';

const NO_MARKERS: never[] = [];

interface Props {
  latitude: string;
  longitude: string;
  errors: { latitude?: string; longitude?: string };
  onChange: (v: { latitude: string; longitude: string }) => void;
}

/** A typed number within range, or null while the text is empty or not yet a coordinate. */
function parse(text: string, limit: number): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/** The location's point: picked on the map (click or drag) or typed; both stay in sync. */
export function CoordinatesField({ latitude, longitude, errors, onChange }: Props) {
  const { t } = useI18n();
  const lat = parse(latitude, 90);
  const lng = parse(longitude, 180);
  const value: LatLng | null = lat !== null && lng !== null ? { lat, lng } : null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">{t('locations.form.point')}</legend>
      <p className="text-xs text-muted-foreground">{t('locations.form.pointHint')}</p>
      <GeoMap
        markers={NO_MARKERS}
        label={t('locations.form.point')}
        picker={{ value, onChange: (p) => onChange({ latitude: String(p.lat), longitude: String(p.lng) }) }}
        className="h-56 w-full sm:h-64"
      />
      <div className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
        <FormField label={t('locations.form.latitude')} error={errors.latitude}>
          <input
            className={inputClass}
            type="number"
            inputMode="decimal"
            step="any"
            min={-90}
            max={90}
            dir="ltr"
            value={latitude}
            onChange={(e) => onChange({ latitude: e.target.value, longitude })}
            data-testid="latitude"
          />
        </FormField>
        <FormField label={t('locations.form.longitude')} error={errors.longitude}>
          <input
            className={inputClass}
            type="number"
            inputMode="decimal"
            step="any"
            min={-180}
            max={180}
            dir="ltr"
            value={longitude}
            onChange={(e) => onChange({ latitude, longitude: e.target.value })}
            data-testid="longitude"
          />
        </FormField>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('locations.form.clearPoint')}
          title={t('locations.form.clearPoint')}
          disabled={!latitude && !longitude}
          onClick={() => onChange({ latitude: '', longitude: '' })}
          className="mt-6"
        >
          <X className="size-4" aria-hidden />
        </Button>
      </div>
    </fieldset>
  );
}
