import { Maximize, ZoomIn, ZoomOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../ui/button';
import { useT } from '../../app/i18n/i18n-provider';

const LEVELS = [1, 1.5, 2, 3, 4, 6];

export function usePlanZoom() {
  const [level, setLevel] = useState(0);
  return {
    zoom: LEVELS[level]!,
    zoomIn: () => setLevel((l) => Math.min(l + 1, LEVELS.length - 1)),
    zoomOut: () => setLevel((l) => Math.max(l - 1, 0)),
    fit: () => setLevel(0),
    canZoomIn: level < LEVELS.length - 1,
    canZoomOut: level > 0,
  };
}

export function PlanZoomControls({ z }: { z: ReturnType<typeof usePlanZoom> }) {
  const t = useT();
  return (
    <div className="flex items-center gap-1" role="group" aria-label={t('plan.zoom')}>
      <Button
        variant="outline"
        size="icon"
        onClick={z.zoomOut}
        disabled={!z.canZoomOut}
        aria-label={t('plan.zoomOut')}
        title={t('plan.zoomOut')}
      >
        <ZoomOut className="size-4" aria-hidden />
      </Button>
      <Button variant="outline" size="icon" onClick={z.fit} disabled={!z.canZoomOut} aria-label={t('plan.fit')} title={t('plan.fit')}>
        <Maximize className="size-4" aria-hidden />
      </Button>
      <Button
        variant="outline"
        size="icon"
        onClick={z.zoomIn}
        disabled={!z.canZoomIn}
        aria-label={t('plan.zoomIn')}
        title={t('plan.zoomIn')}
      >
        <ZoomIn className="size-4" aria-hidden />
      </Button>
    </div>
  );
}
