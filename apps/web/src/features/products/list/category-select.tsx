import { useMemo } from 'react';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { categoryTree, localName } from '../format';
import type { CategoryOption } from '../products-api';

/** A category picker showing the tree by indentation (a product in a sub-category matches its parents too). */
export function CategorySelect({
  id,
  categories,
  value,
  onChange,
  emptyLabel,
  className,
  ...aria
}: {
  id?: string;
  categories: CategoryOption[];
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  emptyLabel: string;
  className?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const { language } = useI18n();
  const rows = useMemo(() => categoryTree(categories), [categories]);
  return (
    <select id={id} className={className} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)} {...aria}>
      <option value="">{emptyLabel}</option>
      {rows.map(({ row, depth }) => (
        <option key={row.id} value={row.id}>
          {'\u00A0\u00A0'.repeat(depth * 2)}
          {depth ? '└ ' : ''}
          {localName(language, row)}
        </option>
      ))}
    </select>
  );
}
