import { Switch } from 'radix-ui';
import { useI18n } from '../../app/i18n/i18n-provider';
import { MoveButtons, moveItem } from './attribute-row-actions';
import type { Attribute } from './attributes-api';

export interface Member {
  attributeId: string;
  required: boolean;
}

/** Chosen attributes first, in family order (with order buttons and a "required" switch), then the rest to tick. */
export function FamilyMembersPicker({
  attributes,
  members,
  onChange,
}: {
  attributes: Attribute[];
  members: Member[];
  onChange: (m: Member[]) => void;
}) {
  const { t, language } = useI18n();
  const byId = new Map(attributes.map((a) => [a.id, a]));
  const chosen = members.filter((m) => byId.has(m.attributeId));
  const rest = attributes.filter((a) => !members.some((m) => m.attributeId === a.id));
  const name = (a: Attribute) => (language === 'ar' ? a.nameAr : a.nameEn);
  if (!attributes.length) return <p className="text-sm text-muted-foreground sm:col-span-2">{t('attributes.families.noAttributes')}</p>;
  return (
    <fieldset className="flex flex-col gap-1 sm:col-span-2">
      <legend className="mb-1 text-sm font-medium">{t('attributes.families.members')}</legend>
      <ul className="flex max-h-80 flex-col divide-y overflow-y-auto rounded-md border">
        {chosen.map((m, i) => {
          const a = byId.get(m.attributeId)!;
          return (
            <li key={a.id} className="flex items-center gap-2 px-2 py-1.5" data-testid={`family-member-${a.code}`}>
              <input
                type="checkbox"
                checked
                aria-label={t('attributes.families.include', { name: name(a) })}
                onChange={() => onChange(chosen.filter((x) => x.attributeId !== a.id))}
              />
              <span className="flex-1 text-sm">
                {name(a)}{' '}
                <span className="font-mono text-xs text-muted-foreground" dir="ltr">
                  {a.code}
                </span>
              </span>
              <label className="flex items-center gap-1 text-xs">
                <Switch.Root
                  checked={m.required}
                  aria-label={t('attributes.families.requiredLabel', { name: name(a) })}
                  onCheckedChange={(required) => onChange(chosen.map((x) => (x.attributeId === a.id ? { ...x, required } : x)))}
                  className="inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-muted-foreground/40 p-0.5 outline-none focus-visible:outline-2 focus-visible:outline-ring data-[state=checked]:bg-primary"
                >
                  <Switch.Thumb className="block size-4 rounded-full bg-background shadow transition-[margin] data-[state=checked]:ms-4" />
                </Switch.Root>
                {t('attributes.families.required')}
              </label>
              <MoveButtons index={i} count={chosen.length} onMove={(step) => onChange(moveItem(chosen, i, step))} />
            </li>
          );
        })}
        {rest.map((a) => (
          <li key={a.id} className="flex items-center gap-2 px-2 py-1.5">
            <input
              type="checkbox"
              checked={false}
              aria-label={t('attributes.families.include', { name: name(a) })}
              onChange={() => onChange([...chosen, { attributeId: a.id, required: false }])}
            />
            <span className="flex-1 text-sm text-muted-foreground">
              {name(a)}{' '}
              <span className="font-mono text-xs" dir="ltr">
                {a.code}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
