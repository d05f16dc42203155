import {
  ArrowDown,
  ArrowUp,
  ChevronDown,
  ChevronRight,
  GripVertical,
  IndentDecrease,
  IndentIncrease,
  Pencil,
  Plus,
  Trash2,
} from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { localName } from './catalog-api';
import { zoneAt, type DropZone, type TreeNode } from './category-tree';

interface Props {
  node: TreeNode;
  expanded: boolean;
  busy: boolean;
  onToggle: () => void;
  onStep: (step: 'up' | 'down' | 'indent' | 'outdent') => void;
  onAddChild: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onDragStart: () => void;
  onDragEnd: () => void;
  /** Whether the category being dragged may land on this row. */
  canDrop: boolean;
  onDrop: (zone: DropZone) => void;
}

const ZONE_CLASS: Record<DropZone, string> = {
  before: 'border-t-2 border-t-primary',
  inside: 'bg-primary/10 ring-1 ring-primary',
  after: 'border-b-2 border-b-primary',
};

/** One category in the tree: expand, drag handle, names, and the actions (with keyboard moves). */
export function CategoryTreeRow({
  node,
  expanded,
  busy,
  onToggle,
  onStep,
  onAddChild,
  onEdit,
  onDelete,
  onDragStart,
  onDragEnd,
  canDrop,
  onDrop,
}: Props) {
  const { t, language, direction } = useI18n();
  const [zone, setZone] = useState<DropZone | null>(null);
  const { row, depth, index, siblings, childCount } = node;
  const over = (e: DragEvent<HTMLLIElement>) => {
    if (!canDrop) return;
    e.preventDefault();
    const rect = e.currentTarget.getBoundingClientRect();
    setZone(zoneAt(e.clientY - rect.top, rect.height));
  };
  const icon = 'size-4';
  const Chevron = expanded ? ChevronDown : ChevronRight;
  return (
    <li
      role="treeitem"
      aria-level={depth + 1}
      aria-expanded={childCount ? expanded : undefined}
      aria-selected={false}
      data-testid={`category-${row.code}`}
      className={`flex items-center gap-1 border-b px-2 py-1 text-sm ${zone ? ZONE_CLASS[zone] : ''}`}
      style={{ paddingInlineStart: `${0.5 + depth * 1.5}rem` }}
      draggable={!busy}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', row.id);
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      onDragOver={over}
      onDragLeave={() => setZone(null)}
      onDrop={(e) => {
        e.preventDefault();
        const z = zone;
        setZone(null);
        if (z && canDrop) onDrop(z);
      }}
    >
      <GripVertical className="size-4 shrink-0 cursor-grab text-muted-foreground" aria-hidden />
      {childCount ? (
        <Button
          variant="ghost"
          size="sm"
          className="h-7 px-1"
          aria-label={t(expanded ? 'catalog.categories.collapse' : 'catalog.categories.expand', { name: localName(language, row) })}
          onClick={onToggle}
        >
          <Chevron className={`${icon} ${direction === 'rtl' && !expanded ? 'rotate-180' : ''}`} aria-hidden />
        </Button>
      ) : (
        <span className="inline-block w-7" aria-hidden />
      )}
      <span className="min-w-0 flex-1 truncate">
        <span className="font-medium">{localName(language, row)}</span>
        <span className="ms-2 text-xs text-muted-foreground" dir="ltr">
          {row.code}
        </span>
        {childCount > 0 && (
          <span className="ms-2 text-xs text-muted-foreground">{t('catalog.categories.children', { count: childCount })}</span>
        )}
      </span>
      <span className="flex shrink-0 items-center">
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          disabled={busy || index === 0}
          aria-label={t('catalog.categories.moveUp')}
          onClick={() => onStep('up')}
        >
          <ArrowUp className={icon} aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          disabled={busy || index === siblings - 1}
          aria-label={t('catalog.categories.moveDown')}
          onClick={() => onStep('down')}
        >
          <ArrowDown className={icon} aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          disabled={busy || index === 0}
          aria-label={t('catalog.categories.indent')}
          onClick={() => onStep('indent')}
        >
          <IndentIncrease className={`${icon} rtl:-scale-x-100`} aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          disabled={busy || depth === 0}
          aria-label={t('catalog.categories.outdent')}
          onClick={() => onStep('outdent')}
        >
          <IndentDecrease className={`${icon} rtl:-scale-x-100`} aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" className="size-7" aria-label={t('catalog.categories.addChild')} onClick={onAddChild}>
          <Plus className={icon} aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" className="size-7" aria-label={t('catalog.editNamed', { code: row.code })} onClick={onEdit}>
          <Pencil className={icon} aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" className="size-7" aria-label={t('catalog.deleteNamed', { code: row.code })} onClick={onDelete}>
          <Trash2 className={icon} aria-hidden />
        </Button>
      </span>
    </li>
  );
}
