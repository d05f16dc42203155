export interface LatLng {
  lat: number;
  lng: number;
}

/** A point on the map; its popup is plain text (names come from users, so never HTML). */
export interface GeoMarker extends LatLng {
  id: string;
  title: string;
  lines?: string[];
}

export interface GeoMapProps {
  markers: GeoMarker[];
  /** Accessible name of the map region. */
  label: string;
  selectedId?: string | null;
  onMarkerSelect?: (id: string) => void;
  /** Makes the map a point picker: a click or a marker drag reports the new point. */
  picker?: { value: LatLng | null; onChange: (p: LatLng) => void };
  className?: string;
}
