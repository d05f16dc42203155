import type { LocationRow } from './market-locations.repository.js';

/** The columns of a location that its staff answer and the public map both show as stored. */
export type LocationFieldsRow = Pick<
  LocationRow,
  'id' | 'nameEn' | 'nameAr' | 'address' | 'latitude' | 'longitude' | 'descriptionEn' | 'descriptionAr'
>;

/** A location's identity, place and descriptions, as the staff answers and the public map give them. */
export function locationFields(row: LocationFieldsRow): LocationFieldsRow {
  return {
    id: row.id,
    nameEn: row.nameEn,
    nameAr: row.nameAr,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    descriptionEn: row.descriptionEn,
    descriptionAr: row.descriptionAr,
  };
}

/** A market day's stored time (HH:MM:SS) as a location answer shows it (HH:MM). */
export const hhmm = (t: string) => t.slice(0, 5);
