import { RotateCcw, RotateCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../ui/button';
import { useT } from '../../app/i18n/i18n-provider';
import { ROTATE_STEP, normaliseAngle } from './plan-geometry';
import type { Geometry } from './plan-types';

const FIELDS = ['planX', 'planY', 'widthM', 'depthM', 'planRotation'] as const;
type Field = (typeof FIELDS)[number];

/** Exact values of the selected slot, typed in; each accepted value is one undo step. */
export function PlanInspector({ code, geometry, onApply }: { code: string; geometry: Geometry; onApply: (g: Geometry) => void }) {
  const t = useT();
  return (
    <section aria-label={t('plan.selected', { code })} className="flex flex-col gap-2 rounded-md border p-3">
      <h3 className="text-sm font-semibold">{t('plan.selected', { code })}</h3>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {FIELDS.map((f) => (
          <NumberField
            key={f}
            field={f}
            value={geometry[f]}
            onCommit={(v) => onApply({ ...geometry, [f]: f === 'planRotation' ? normaliseAngle(v) : v })}
          />
        ))}
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onApply({ ...geometry, planRotation: normaliseAngle(geometry.planRotation - ROTATE_STEP) })}
        >
          <RotateCcw className="size-4" aria-hidden />
          {t('plan.rotateLeft')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onApply({ ...geometry, planRotation: normaliseAngle(geometry.planRotation + ROTATE_STEP) })}
        >
          <RotateCw className="size-4" aria-hidden />
          {t('plan.rotateRight')}
        </Button>
      </div>
    </section>
  );
}

function NumberField({ field, value, onCommit }: { field: Field; value: number; onCommit: (v: number) => void }) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const v = Number(text.replace(',', '.'));
    if (text.trim() === '' || !Number.isFinite(v)) setText(String(value));
    else if (v !== value) onCommit(v);
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs text-muted-foreground">
        {t(`plan.field.${field}`)}
      </label>
      <input
        id={id}
        dir="ltr"
        inputMode="decimal"
        className="h-8 w-full rounded-md border bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </div>
  );
}
