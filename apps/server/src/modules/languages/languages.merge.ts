import type { languageSchema, translationSchema } from '@market/contracts';
import type { z } from 'zod';
import type { LanguageRow, OrgLanguageRow, OverrideRow, TranslationRow } from './languages.repository.js';

export type Language = z.infer<typeof languageSchema>;
export type Translation = z.infer<typeof translationSchema>;

/**
 * The languages an organization has: the shipped ones under its own settings (a null column keeps the shipped
 * value) and the ones it added. Its own default, when it chose one, replaces the shipped default.
 */
export function mergeLanguages(shipped: LanguageRow[], own: OrgLanguageRow[]): Language[] {
  const ownByCode = new Map(own.map((o) => [o.code, o]));
  const ownDefaultRow = own.find((o) => o.isDefault);
  const ownDefault = !!ownDefaultRow;
  const out: Language[] = shipped.map((s) => {
    const o = ownByCode.get(s.code);
    // The shipped default another language displaced owes its isDefault to that language's row, so that row's change is its version too.
    const displacedBy = s.isDefault && ownDefaultRow && ownDefaultRow !== o ? ownDefaultRow : undefined;
    return {
      id: s.id,
      code: s.code,
      name: o?.name ?? s.name,
      nativeName: o?.nativeName ?? s.nativeName,
      isDefault: ownDefault ? !!o?.isDefault : s.isDefault,
      isActive: o?.isActive ?? s.isActive,
      sortOrder: o?.sortOrder ?? s.sortOrder,
      textDirection: o?.textDirection ?? s.textDirection,
      shipped: true,
      overridden: !!o,
      updatedAt: latest(s.updatedAt, o?.updatedAt, displacedBy?.updatedAt),
    };
  });
  const shippedCodes = new Set(shipped.map((s) => s.code));
  for (const o of own) {
    if (shippedCodes.has(o.code)) continue;
    out.push({
      id: o.id,
      code: o.code,
      name: o.name ?? o.code,
      nativeName: o.nativeName ?? o.code,
      isDefault: o.isDefault,
      isActive: o.isActive ?? true,
      sortOrder: o.sortOrder ?? 0,
      textDirection: o.textDirection ?? 'ltr',
      shipped: false,
      overridden: false,
      updatedAt: o.updatedAt.toISOString(),
    });
  }
  return out.sort((a, b) => a.sortOrder - b.sortOrder || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/**
 * The version of a view made of several rows (issue 12, item 15): the latest change of any of them, so an edit
 * based on the shipped row alone (the first edit of a shipped item) is stale once the organization has its own row.
 */
export function latest(...stamps: (Date | undefined)[]): string {
  return new Date(Math.max(...stamps.filter((d): d is Date => !!d).map((d) => d.getTime()))).toISOString();
}

/** One shipped text as an organization sees it, with its own value in front when it has one. */
export function shippedText(s: TranslationRow, o: OverrideRow | null): Translation {
  return o
    ? {
        id: s.id,
        key: s.key,
        language: s.language,
        value: o.value,
        shipped: true,
        overridden: true,
        shippedValue: s.value,
        updatedAt: latest(s.updatedAt, o.updatedAt),
      }
    : {
        id: s.id,
        key: s.key,
        language: s.language,
        value: s.value,
        shipped: true,
        overridden: false,
        updatedAt: s.updatedAt.toISOString(),
      };
}

export const ownText = (o: OverrideRow): Translation => ({
  id: o.id,
  key: o.key,
  language: o.language,
  value: o.value,
  shipped: false,
  overridden: false,
  updatedAt: o.updatedAt.toISOString(),
});

/** The shipped texts with the organization's values in front, plus the keys only it has; by key, then language. */
export function mergeTranslations(shipped: TranslationRow[], own: OverrideRow[]): Translation[] {
  const k = (r: { key: string; language: string }) => `${r.key}\u0000${r.language}`;
  const ownByKey = new Map(own.map((o) => [k(o), o]));
  const out = shipped.map((s) => {
    const o = ownByKey.get(k(s)) ?? null;
    ownByKey.delete(k(s));
    return shippedText(s, o);
  });
  for (const o of ownByKey.values()) out.push(ownText(o));
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.language < b.language ? -1 : a.language > b.language ? 1 : 0));
}
