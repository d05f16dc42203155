import { lazy, Suspense } from 'react';
import { cn } from '../../lib/cn';
import type { GeoMapProps } from './types';

export type { GeoMapProps, GeoMarker, LatLng } from './types';
export * from './market-format';

// Leaflet stays out of the initial bundle: it loads with the first page that shows a map.
const GeoMapImpl = lazy(() => import('./geo-map'));

/** The interactive map, loaded on demand; a plain box of the same size stands in while it loads. */
export function GeoMap(props: GeoMapProps) {
  return (
    <Suspense fallback={<div className={cn('animate-pulse rounded-lg border bg-muted', props.className)} aria-hidden />}>
      <GeoMapImpl {...props} />
    </Suspense>
  );
}
