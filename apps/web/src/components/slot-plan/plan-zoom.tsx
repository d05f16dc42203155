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
  const buttons = [
    { label: t('plan.zoomOut'), Icon: ZoomOut, onClick: z.zoomOut, disabled: !z.canZoomOut },
    { label: t('plan.fit'), Icon: Maximize, onClick: z.fit, disabled: !z.canZoomOut },
    { label: t('plan.zoomIn'), Icon: ZoomIn, onClick: z.zoomIn, disabled: !z.canZoomIn },
  ];
  return (
    <div className="flex items-center gap-1" role="group" aria-label={t('plan.zoom')}>
      {buttons.map(({ label, Icon, onClick, disabled }) => (
        <Button key={label} variant="outline" size="icon" onClick={onClick} disabled={disabled} aria-label={label} title={label}>
          <Icon className="size-4" aria-hidden />
        </Button>
      ))}
    </div>
  );
}
