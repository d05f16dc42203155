import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useT } from '../../app/i18n/i18n-provider';

/** The edit and delete buttons at the end of an attribute's or a family's row. */
export function EditDeleteButtons({ code, onEdit, onDelete }: { code: string; onEdit: () => void; onDelete: () => void }) {
  const t = useT();
  return (
    <>
      <Button variant="ghost" size="icon" aria-label={t('attributes.editLabel', { code })} onClick={onEdit}>
        <Pencil className="size-4" aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" aria-label={t('attributes.deleteLabel', { code })} onClick={onDelete}>
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </>
  );
}

/** The list with the item at `index` moved one place up (-1) or down (1). */
export function moveItem<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(index + step, 0, item!);
  return next;
}

/** Up and down buttons of one item of an ordered list (options, family members). */
export function MoveButtons({ index, count, onMove }: { index: number; count: number; onMove: (step: -1 | 1) => void }) {
  const t = useT();
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        disabled={index === 0}
        aria-label={t('attributes.moveUp')}
        onClick={() => onMove(-1)}
      >
        <ArrowUp className="size-4" aria-hidden />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        disabled={index === count - 1}
        aria-label={t('attributes.moveDown')}
        onClick={() => onMove(1)}
      >
        <ArrowDown className="size-4" aria-hidden />
      </Button>
    </>
  );
}
