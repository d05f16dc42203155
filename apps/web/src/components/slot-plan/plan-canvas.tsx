import { forwardRef, memo, useMemo, type KeyboardEvent, type PointerEvent, type PointerEventHandler, type ReactNode } from 'react';
import { useT } from '../../app/i18n/i18n-provider';
import { readableOn } from '../../app/theme/contrast';
import type { Geometry, PlanCategory, PlanLocation, PlanSlot } from './plan-types';

export const NO_CATEGORY_COLOUR = '#94a3b8';

/** The label colour on a slot's fill: black or white, whichever reads better (a colour it cannot read is grey). */
export function labelColourOn(colour: string): '#000000' | '#ffffff' {
  try {
    return readableOn(colour);
  } catch {
    return readableOn(NO_CATEGORY_COLOUR);
  }
}

/**
 * The props every drawing of a slot shares: its fill (the category's colour, grey without one or with a
 * category not listed), whether it is blocked, and what a screen reader says of it.
 */
export function useShapeProps(categories: PlanCategory[]) {
  const t = useT();
  const colours = useMemo(() => new Map(categories.map((c) => [c.id, c.colour])), [categories]);
  return (s: Pick<PlanSlot, 'id' | 'code' | 'status' | 'categoryId'>, g: Geometry) => ({
    id: s.id,
    code: s.code,
    geometry: g,
    colour: (s.categoryId && colours.get(s.categoryId)) || NO_CATEGORY_COLOUR,
    blocked: s.status === 'blocked',
    label: t('plan.slotLabel', { code: s.code, width: g.widthM, depth: g.depthM, x: g.planX, y: g.planY, rotation: g.planRotation }),
  });
}

interface PlanCanvasProps {
  location: PlanLocation;
  /** 1 fits the plan to the width of its box; more zooms in (the box scrolls). */
  zoom: number;
  label: string;
  children: ReactNode;
  onPointerDown?: PointerEventHandler<SVGSVGElement>;
  onPointerMove?: PointerEventHandler<SVGSVGElement>;
  onPointerUp?: PointerEventHandler<SVGSVGElement>;
  onPointerCancel?: PointerEventHandler<SVGSVGElement>;
}

/**
 * The plan drawn to scale: one SVG unit is one metre. Geometry has no reading direction, so the
 * drawing stays left-to-right inside an Arabic page.
 */
export const PlanCanvas = forwardRef<SVGSVGElement, PlanCanvasProps>(function PlanCanvas(
  { location, zoom, label, children, ...pointer },
  ref,
) {
  const { planWidthM: w, planDepthM: d } = location;
  const minor = Math.max(w, d) > 300 ? 10 : 1;
  return (
    <div dir="ltr" className="max-h-[70vh] overflow-auto rounded-md border bg-muted/40">
      <svg
        ref={ref}
        role="group"
        aria-label={label}
        viewBox={`-0.5 -0.5 ${w + 1} ${d + 1}`}
        // At "fit" the whole plan shows (a deep plan is limited by the height); zoomed, the box scrolls.
        style={zoom === 1 ? { width: '100%', maxHeight: 'calc(70vh - 2px)' } : { width: `${zoom * 100}%`, minWidth: `${zoom * 100}%` }}
        className="block h-auto select-none"
        {...pointer}
      >
        <defs>
          <pattern id={`grid-${location.id}`} width={minor} height={minor} patternUnits="userSpaceOnUse">
            <path d={`M ${minor} 0 L 0 0 0 ${minor}`} fill="none" stroke="currentColor" strokeOpacity={0.12} strokeWidth={0.03 * minor} />
          </pattern>
          <pattern id={`grid5-${location.id}`} width={minor * 5} height={minor * 5} patternUnits="userSpaceOnUse">
            <rect width={minor * 5} height={minor * 5} fill={`url(#grid-${location.id})`} />
            <path
              d={`M ${minor * 5} 0 L 0 0 0 ${minor * 5}`}
              fill="none"
              stroke="currentColor"
              strokeOpacity={0.25}
              strokeWidth={0.05 * minor}
            />
          </pattern>
          <pattern id="slot-blocked" width={0.6} height={0.6} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width={0.6} height={0.6} fill="#e2e8f0" />
            <line x1={0} y1={0} x2={0} y2={0.6} stroke="#475569" strokeWidth={0.2} />
          </pattern>
        </defs>
        <rect x={0} y={0} width={w} height={d} className="fill-background" />
        {location.planImageUrl && (
          <image href={location.planImageUrl} x={0} y={0} width={w} height={d} preserveAspectRatio="none" opacity={0.85} />
        )}
        <rect x={0} y={0} width={w} height={d} fill={`url(#grid5-${location.id})`} className="text-foreground" />
        <rect x={0} y={0} width={w} height={d} fill="none" stroke="currentColor" strokeWidth={0.1} className="text-foreground" />
        {children}
      </svg>
    </div>
  );
});

interface SlotShapeProps {
  id: string;
  code: string;
  geometry: Geometry;
  colour: string;
  blocked: boolean;
  selected?: boolean;
  dirty?: boolean;
  label: string;
  interactive?: boolean;
  onPointerDown?: (e: PointerEvent<SVGGElement>, id: string) => void;
  onKeyDown?: (e: KeyboardEvent<SVGGElement>, id: string) => void;
  onFocus?: (id: string) => void;
  children?: ReactNode;
}

/** One slot: a rectangle turned about its centre, filled with its category colour, labelled with its code. */
export const SlotShape = memo(function SlotShape(p: SlotShapeProps) {
  const { planX: x, planY: y, widthM: w, depthM: d, planRotation: r } = p.geometry;
  const cx = x + w / 2;
  const cy = y + d / 2;
  const font = Math.min(Math.max(Math.min(w, d) * 0.4, 0.3), 1.4);
  const label = labelColourOn(p.colour);
  return (
    <g
      data-slot-id={p.id}
      transform={`rotate(${r} ${cx} ${cy})`}
      tabIndex={p.interactive ? 0 : undefined}
      role={p.interactive ? 'button' : 'img'}
      aria-label={p.label}
      aria-pressed={p.interactive ? !!p.selected : undefined}
      className={p.interactive ? 'cursor-move outline-none' : undefined}
      style={p.interactive ? { touchAction: 'none' } : undefined}
      onPointerDown={p.onPointerDown ? (e) => p.onPointerDown!(e, p.id) : undefined}
      onKeyDown={p.onKeyDown ? (e) => p.onKeyDown!(e, p.id) : undefined}
      onFocus={p.onFocus ? () => p.onFocus!(p.id) : undefined}
    >
      {/* Opaque, so the label's contrast does not depend on the theme or the site plan beneath; the outline is the
          theme's text colour, so the slot stands out from the page in every theme. */}
      <rect x={x} y={y} width={w} height={d} fill={p.colour} stroke="currentColor" strokeWidth={0.06} className="text-foreground" />
      {p.blocked && (
        <rect
          x={x}
          y={y}
          width={w}
          height={d}
          fill="url(#slot-blocked)"
          fillOpacity={0.7}
          stroke="currentColor"
          strokeWidth={0.06}
          className="text-foreground"
          strokeDasharray="0.3 0.2"
        />
      )}
      {p.dirty && <circle cx={x + 0.35} cy={y + 0.35} r={0.18} fill="#f59e0b" stroke="#0f172a" strokeWidth={0.03} />}
      <text
        x={cx}
        y={cy}
        fontSize={font}
        textAnchor="middle"
        dominantBaseline="central"
        fill={label}
        // A halo of the other colour keeps the code readable over the stripes of a blocked slot.
        stroke={label === '#000000' ? '#ffffff' : '#000000'}
        strokeWidth={font * 0.18}
        paintOrder="stroke"
        fontWeight={600}
        pointerEvents="none"
      >
        {p.code}
      </text>
      {p.selected && (
        <rect
          x={x - 0.15}
          y={y - 0.15}
          width={w + 0.3}
          height={d + 0.3}
          fill="none"
          stroke="currentColor"
          strokeWidth={0.12}
          className="text-ring"
          pointerEvents="none"
        />
      )}
      {p.children}
    </g>
  );
});
