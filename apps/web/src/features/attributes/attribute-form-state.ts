import { ATTRIBUTE_TYPES, LOCALIZABLE_TYPES, SELECT_TYPES, type AttributeType } from '@market/contracts/plain';
import type { Attribute, AttributeCreate, AttributeUpdate } from './attributes-api';

export type { AttributeType };
export const TYPES = ATTRIBUTE_TYPES;
export const isSelect = (t: AttributeType) => SELECT_TYPES.includes(t);
export const isLocalizable = (t: AttributeType) => LOCALIZABLE_TYPES.includes(t);

/** The validation inputs each type shows, in order; every value is kept as typed text until saving. */
export const RULES: Record<AttributeType, { key: string; kind: 'int' | 'number' | 'date' | 'text' }[]> = {
  text: [
    { key: 'minLength', kind: 'int' },
    { key: 'maxLength', kind: 'int' },
    { key: 'pattern', kind: 'text' },
  ],
  long_text: [
    { key: 'minLength', kind: 'int' },
    { key: 'maxLength', kind: 'int' },
    { key: 'pattern', kind: 'text' },
  ],
  number: [
    { key: 'min', kind: 'number' },
    { key: 'max', kind: 'number' },
    { key: 'decimals', kind: 'int' },
  ],
  price: [
    { key: 'min', kind: 'number' },
    { key: 'max', kind: 'number' },
    { key: 'decimals', kind: 'int' },
  ],
  measurement: [
    { key: 'min', kind: 'number' },
    { key: 'max', kind: 'number' },
    { key: 'decimals', kind: 'int' },
  ],
  date: [
    { key: 'min', kind: 'date' },
    { key: 'max', kind: 'date' },
  ],
  multi_select: [
    { key: 'minChoices', kind: 'int' },
    { key: 'maxChoices', kind: 'int' },
  ],
  boolean: [],
  single_select: [],
  media: [],
};

export interface OptionDraft {
  key: string;
  id?: string;
  code: string;
  labelEn: string;
  labelAr: string;
}

export interface AttributeDraft {
  code: string;
  nameEn: string;
  nameAr: string;
  type: AttributeType;
  localizable: boolean;
  unitId: string;
  rules: Record<string, string>;
  options: OptionDraft[];
}

let seq = 0;
export const newOption = (o: Partial<OptionDraft> = {}): OptionDraft => ({ key: `o${++seq}`, code: '', labelEn: '', labelAr: '', ...o });

export function draftOf(a: Attribute | null): AttributeDraft {
  if (!a) return { code: '', nameEn: '', nameAr: '', type: 'text', localizable: false, unitId: '', rules: {}, options: [] };
  const rules = Object.fromEntries(Object.entries(a.validation).map(([k, v]) => [k, v === undefined ? '' : String(v)]));
  return {
    code: a.code,
    nameEn: a.nameEn,
    nameAr: a.nameAr,
    type: a.type,
    localizable: a.localizable,
    unitId: a.unitId ?? '',
    rules,
    options: a.options.map((o) => newOption({ id: o.id, code: o.code, labelEn: o.labelEn, labelAr: o.labelAr })),
  };
}

/** The rules of the type, typed as the server expects; a value that is not a number is sent as is so the server names it. */
function validationOf(d: AttributeDraft): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const rule of RULES[d.type]) {
    const raw = (d.rules[rule.key] ?? '').trim();
    if (!raw) continue;
    out[rule.key] = rule.kind === 'int' || rule.kind === 'number' ? (Number.isFinite(Number(raw)) ? Number(raw) : raw) : raw;
  }
  return out;
}

const optionsOf = (d: AttributeDraft) =>
  d.options.map((o) => ({ ...(o.id ? { id: o.id } : {}), code: o.code.trim(), labelEn: o.labelEn.trim(), labelAr: o.labelAr.trim() }));

export function createBody(d: AttributeDraft): AttributeCreate {
  const body: Record<string, unknown> = {
    code: d.code.trim(),
    nameEn: d.nameEn.trim(),
    nameAr: d.nameAr.trim(),
    type: d.type,
    validation: validationOf(d),
  };
  if (isLocalizable(d.type)) body.localizable = d.localizable;
  if (isSelect(d.type)) body.options = optionsOf(d);
  if (d.type === 'measurement') body.unitId = d.unitId;
  return body as AttributeCreate;
}

export function updateBody(d: AttributeDraft): AttributeUpdate {
  const body: AttributeUpdate = { code: d.code.trim(), nameEn: d.nameEn.trim(), nameAr: d.nameAr.trim(), validation: validationOf(d) };
  if (isLocalizable(d.type)) body.localizable = d.localizable;
  if (isSelect(d.type)) body.options = optionsOf(d);
  if (d.type === 'measurement' && d.unitId) body.unitId = d.unitId;
  return body;
}
