import type { PointerEvent } from 'react';
import { useT } from '../../app/i18n/i18n-provider';
import type { Geometry } from './plan-types';
import type { DragKind } from './use-plan-pointer';

interface Props {
  id: string;
  g: Geometry;
  /** Plan metres per screen pixel (see useMetresPerPixel). */
  mpp: number;
  start: (e: PointerEvent<SVGElement>, id: string, kind: DragKind) => void;
}

/**
 * The turn handle above the slot and the resize handle at its far corner, drawn inside the slot's
 * turned group so they follow its rotation. Sized to the plan, so a finger can still hold them.
 */
export function SelectedHandles({ id, g, mpp, start }: Props) {
  const t = useT();
  // About 12 px on screen. The invisible hit areas are larger for touch (44 px), but the resize one
  // stays within a third of a small slot so that the slot itself can still be dragged.
  const size = 12 * mpp;
  const hit = 22 * mpp;
  const resizeHit = Math.max(size * 0.6, Math.min(hit, Math.min(g.widthM, g.depthM) * 0.35));
  const cx = g.planX + g.widthM / 2;
  const top = g.planY;
  const knobY = top - hit - 4 * mpp;
  return (
    <g>
      <line x1={cx} y1={top} x2={cx} y2={knobY} stroke="currentColor" strokeWidth={size / 6} className="text-ring" pointerEvents="none" />
      <circle
        cx={cx}
        cy={knobY}
        r={hit}
        fill="transparent"
        className="cursor-grab"
        style={{ touchAction: 'none' }}
        onPointerDown={(e) => start(e, id, 'rotate')}
      >
        <title>{t('plan.rotateHandle')}</title>
      </circle>
      <circle
        data-handle="rotate"
        cx={cx}
        cy={knobY}
        pointerEvents="none"
        r={size * 0.7}
        stroke="currentColor"
        strokeWidth={size / 5}
        className="fill-background text-ring"
      />
      <rect
        x={g.planX + g.widthM - resizeHit}
        y={g.planY + g.depthM - resizeHit}
        width={resizeHit * 2}
        height={resizeHit * 2}
        fill="transparent"
        className="cursor-nwse-resize"
        style={{ touchAction: 'none' }}
        onPointerDown={(e) => start(e, id, 'resize')}
      >
        <title>{t('plan.resizeHandle')}</title>
      </rect>
      <rect
        pointerEvents="none"
        data-handle="resize"
        x={g.planX + g.widthM - size * 0.6}
        y={g.planY + g.depthM - size * 0.6}
        width={size * 1.2}
        height={size * 1.2}
        fill="currentColor"
        strokeWidth={size / 8}
        className="stroke-background text-ring"
      />
    </g>
  );
}
