import { useCallback, useMemo, useState } from 'react';
import type { ImportColumn, ImportDetail, ImportOptions } from './product-import-api';

/** One mapping entry per header of the file, in its order: the server's, or "ignore" for a header it has none for. */
export function mappingOf(headers: readonly string[], mapping: readonly ImportColumn[]): ImportColumn[] {
  return headers.map((column, i) => {
    const same = mapping[i]?.column === column ? mapping[i] : mapping.find((m) => m.column === column);
    return same ?? { column, target: 'ignore' };
  });
}

/** Columns whose target another column already has, by index, with the first column that has it. */
export function duplicateTargets(mapping: readonly ImportColumn[]): Map<number, string> {
  const first = new Map<string, string>();
  const out = new Map<number, string>();
  mapping.forEach((c, i) => {
    if (c.target === 'ignore') return;
    const seen = first.get(c.target);
    if (seen !== undefined) out.set(i, seen);
    else first.set(c.target, c.column);
  });
  return out;
}

interface Draft {
  /** The updatedAt of the import the edits started from: a save names it, so a change made meanwhile is refused. */
  base: string;
  mapping: ImportColumn[];
  options: ImportOptions;
}

/**
 * The mapping and options being edited. Untouched, they follow the server (a profile applied, the file read another
 * way); once edited they are kept until saved or discarded.
 */
export function useImportDraft(detail: ImportDetail) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const served = useMemo(() => mappingOf(detail.headers, detail.mapping), [detail.headers, detail.mapping]);
  const mapping = draft?.mapping ?? served;
  const options = draft?.options ?? detail.options;

  const edit = useCallback(
    (change: (d: Draft) => Draft) => setDraft((d) => change(d ?? { base: detail.updatedAt, mapping: served, options: detail.options })),
    [detail.updatedAt, detail.options, served],
  );
  const setColumn = useCallback(
    (index: number, patch: Partial<ImportColumn>) =>
      edit((d) => ({ ...d, mapping: d.mapping.map((c, i) => (i === index ? { ...c, ...patch } : c)) })),
    [edit],
  );
  const setOptions = useCallback((patch: Partial<ImportOptions>) => edit((d) => ({ ...d, options: { ...d.options, ...patch } })), [edit]);
  const discard = useCallback(() => setDraft(null), []);

  return { mapping, options, dirty: draft !== null, base: draft?.base ?? detail.updatedAt, setColumn, setOptions, discard };
}

export type ImportDraft = ReturnType<typeof useImportDraft>;
