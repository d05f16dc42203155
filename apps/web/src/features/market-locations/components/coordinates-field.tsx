import { X } from 'lucide-react';
import { GeoMap, type LatLng } from '../../../components/geo-map';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';

const NO_MARKERS: never[] = [];
/** How far from zero each coordinate may go, in degrees. */
const LIMIT = { latitude: 90, longitude: 180 } as const;

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
  const typed = { latitude, longitude };
  const lat = parse(latitude, LIMIT.latitude);
  const lng = parse(longitude, LIMIT.longitude);
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
        {(['latitude', 'longitude'] as const).map((key) => (
          <TextField
            key={key}
            label={t(`locations.form.${key}`)}
            error={errors[key]}
            type="number"
            inputMode="decimal"
            step="any"
            min={-LIMIT[key]}
            max={LIMIT[key]}
            dir="ltr"
            value={typed[key]}
            onValueChange={(v) => onChange({ ...typed, [key]: v })}
            data-testid={key}
          />
        ))}
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
