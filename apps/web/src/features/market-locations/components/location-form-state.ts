import type { LocationAmenity } from '@market/contracts/plain';
import type { Location, LocationInput, LocationStatus } from '../api';

/** What the form edits: numbers as typed text, so a half-typed value is not lost. */
export interface LocationForm {
  nameEn: string;
  nameAr: string;
  address: string;
  latitude: string;
  longitude: string;
  descriptionEn: string;
  descriptionAr: string;
  amenities: LocationAmenity[];
  isPublic: boolean;
  status: LocationStatus;
  planWidthM: string;
  planDepthM: string;
  planImagePath: string | null;
  planImageUrl: string | null;
}

export function formOf(l: Location | null): LocationForm {
  return {
    nameEn: l?.nameEn ?? '',
    nameAr: l?.nameAr ?? '',
    address: l?.address ?? '',
    latitude: l?.latitude != null ? String(l.latitude) : '',
    longitude: l?.longitude != null ? String(l.longitude) : '',
    descriptionEn: l?.descriptionEn ?? '',
    descriptionAr: l?.descriptionAr ?? '',
    amenities: l?.amenities ?? [],
    isPublic: l?.isPublic ?? false,
    status: l?.status ?? 'active',
    planWidthM: String(l?.planWidthM ?? 60),
    planDepthM: String(l?.planDepthM ?? 40),
    planImagePath: l?.planImagePath ?? null,
    planImageUrl: l?.planImageUrl ?? null,
  };
}

// Range checks stay on the server, whose field errors the form shows next to each field.
const num = (s: string): number | null => (s.trim() === '' ? null : Number(s));

/** Client checks the server cannot see: a number field holding text that is not a number. */
export function localErrors(f: LocationForm, notANumber: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of ['latitude', 'longitude', 'planWidthM', 'planDepthM'] as const) {
    if (f[k].trim() !== '' && !Number.isFinite(Number(f[k]))) out[k] = notANumber;
  }
  return out;
}

export function bodyOf(f: LocationForm): LocationInput {
  return {
    nameEn: f.nameEn,
    nameAr: f.nameAr,
    address: f.address,
    latitude: num(f.latitude),
    longitude: num(f.longitude),
    descriptionEn: f.descriptionEn.trim() || null,
    descriptionAr: f.descriptionAr.trim() || null,
    amenities: f.amenities,
    isPublic: f.isPublic,
    status: f.status,
    planWidthM: num(f.planWidthM) ?? 0,
    planDepthM: num(f.planDepthM) ?? 0,
    planImagePath: f.planImagePath,
  };
}
