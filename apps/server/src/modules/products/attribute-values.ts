import type { attributesRoutes as c } from '@market/contracts';

// The check of a product's value against its attribute's definition. It lives with products, its only
// user: modules/attributes depends on products (usage before a delete, completeness after a family
// changes), so products must not depend on attributes.

/** What a value check needs to know of an attribute (an API attribute fits). */
export interface AttributeForValue {
  type: c.AttributeType;
  localizable: boolean;
  validation: c.AttributeValidation;
  options: readonly { code: string }[];
}

const decimalsOf = (n: number) => {
  const s = String(n);
  if (s.includes('e-')) return Number(s.split('e-')[1]);
  return s.includes('.') ? s.split('.')[1]!.length : 0;
};
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

function checkText(v: c.AttributeValidation, value: unknown, label: string): string[] {
  if (typeof value !== 'string') return [`${label}must be text`];
  const out: string[] = [];
  const len = [...value].length;
  if (v.minLength !== undefined && len < v.minLength) out.push(`${label}must have at least ${v.minLength} characters`);
  if (v.maxLength !== undefined && len > v.maxLength) out.push(`${label}must have at most ${v.maxLength} characters`);
  if (v.pattern !== undefined) {
    let re: RegExp | null = null;
    try {
      re = new RegExp(v.pattern, 'u');
    } catch {
      re = null;
    }
    if (re && !re.test(value)) out.push(`${label}does not match the pattern ${v.pattern}`);
  }
  return out;
}

function checkNumber(v: c.AttributeValidation, value: unknown): string[] {
  if (typeof value !== 'number' || !Number.isFinite(value)) return ['must be a number'];
  const out: string[] = [];
  if (typeof v.min === 'number' && value < v.min) out.push(`must be at least ${v.min}`);
  if (typeof v.max === 'number' && value > v.max) out.push(`must be at most ${v.max}`);
  if (v.decimals !== undefined && decimalsOf(value) > v.decimals)
    out.push(v.decimals === 0 ? 'must be a whole number' : `must have at most ${v.decimals} decimals`);
  return out;
}

/**
 * Problems of one value against an attribute's type, options and validation, in words; an empty list
 * means the value is acceptable. A missing value (null/undefined) is not judged here: whether it is
 * required depends on the family.
 */
export function validateAttributeValue(attribute: AttributeForValue, value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const v = attribute.validation;
  switch (attribute.type) {
    case 'text':
    case 'long_text': {
      if (!attribute.localizable) return checkText(v, value, '');
      if (typeof value !== 'object' || Array.isArray(value)) return ['must give the text per language, such as {"en": "…", "ar": "…"}'];
      const entries = Object.entries(value as Record<string, unknown>);
      const unknown = entries.filter(([k]) => k !== 'en' && k !== 'ar').map(([k]) => k);
      if (unknown.length) return [`has unknown languages: ${unknown.join(', ')}`];
      return entries.flatMap(([lang, text]) =>
        text === null || text === undefined ? [] : checkText(v, text, `${lang === 'en' ? 'English' : 'Arabic'} text `),
      );
    }
    case 'number':
    case 'price':
    case 'measurement':
      return checkNumber(v, value);
    case 'boolean':
      return typeof value === 'boolean' ? [] : ['must be true or false'];
    case 'date': {
      if (!isDate(value)) return ['must be a date such as 2026-05-31'];
      const out: string[] = [];
      if (typeof v.min === 'string' && value < v.min) out.push(`must be on or after ${v.min}`);
      if (typeof v.max === 'string' && value > v.max) out.push(`must be on or before ${v.max}`);
      return out;
    }
    case 'single_select': {
      if (typeof value !== 'string') return ['must be the code of one option'];
      return hasOption(attribute, value) ? [] : [`"${value}" is not one of the options`];
    }
    case 'multi_select': {
      if (!Array.isArray(value) || value.some((x) => typeof x !== 'string')) return ['must be a list of option codes'];
      const codes = value as string[];
      const out = codes.filter((x) => !hasOption(attribute, x)).map((x) => `"${x}" is not one of the options`);
      if (new Set(codes.map((x) => x.toLowerCase())).size !== codes.length) out.push('names an option twice');
      if (v.minChoices !== undefined && codes.length < v.minChoices) out.push(`must choose at least ${v.minChoices}`);
      if (v.maxChoices !== undefined && codes.length > v.maxChoices) out.push(`must choose at most ${v.maxChoices}`);
      return out;
    }
    case 'media':
      return typeof value === 'string' && value.trim() ? [] : ['must be a reference to a stored file'];
  }
}

const hasOption = (a: AttributeForValue, code: string) => a.options.some((o) => o.code.toLowerCase() === code.toLowerCase());
