import { Check, Lock, Minus, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useI18n } from '../../app/i18n/i18n-provider';
import { formatNumber } from '../../app/i18n/locale-format';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { errorMessage } from '../../lib/api-errors';
import { isStaleWrite } from '../../lib/stale-write';
import { MatrixPreviewDialog } from './matrix-preview-dialog';
import { useMatrix, useSaveMatrix, type Matrix, type MatrixChange } from './users-api';

const key = (role: string, permission: string) => `${role}/${permission}`;
type Cell = Matrix['cells'][number];

/**
 * The permission matrix: stored roles down, permission keys across. Fixed (static) grants are shown locked; cells the
 * matrix may never hold are shown as not allowed; the rest toggle. Edits collect as a list of changed cells; bulk set
 * and clear of a row or column touch only that row's or column's editable cells. Saving shows the diff and whom it
 * affects first.
 */
export function PermissionMatrix() {
  const { t, language } = useI18n();
  const matrix = useMatrix();
  const save = useSaveMatrix();
  const [pending, setPending] = useState<Map<string, boolean>>(new Map());
  const [reviewing, setReviewing] = useState(false);
  const cells = useMemo(() => new Map((matrix.data?.cells ?? []).map((c) => [key(c.role, c.permission), c])), [matrix.data]);

  const shown = (c: Cell) => pending.get(key(c.role, c.permission)) ?? c.enabled;
  const setCells = (targets: Cell[], to: boolean) =>
    setPending((prev) => {
      const next = new Map(prev);
      for (const c of targets) {
        // Clearing a stray row the matrix may not hold is allowed (it only narrows); granting one is not.
        if (c.kind === 'static' || (c.kind === 'refused' && (to || !c.enabled))) continue;
        if (c.enabled === to) next.delete(key(c.role, c.permission));
        else next.set(key(c.role, c.permission), to);
      }
      return next;
    });
  const changes: MatrixChange[] = useMemo(
    () =>
      [...pending].map(([k, enabled]) => {
        const [role, permission] = k.split('/') as [MatrixChange['role'], MatrixChange['permission']];
        return { role, permission, enabled };
      }),
    [pending],
  );

  const submit = () =>
    save.mutate(
      { changes, expectedVersion: matrix.data!.version },
      {
        onSuccess: () => {
          setPending(new Map());
          setReviewing(false);
          toast.success(t('users.matrix.saved'));
        },
        onError: (err) => {
          if (!isStaleWrite(err)) return;
          setPending(new Map());
          setReviewing(false);
          toast.error(t('users.matrix.stale'));
          void matrix.refetch();
        },
      },
    );

  if (!matrix.data)
    return (
      <ListState
        loading={matrix.isPending}
        error={matrix.error}
        empty={false}
        loadingLabel={t('users.matrix.loading')}
        errorLabel={t('users.matrix.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void matrix.refetch()}
        emptyContent={null}
      />
    );
  const { roles, permissions } = matrix.data;
  const row = (role: string) => permissions.map((p) => cells.get(key(role, p))!);
  const column = (p: string) => roles.map((r) => cells.get(key(r.role, p))!);
  const bulk = (label: string, icon: 'plus' | 'minus', onClick: () => void) => (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="inline-flex size-6 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      {icon === 'plus' ? <Plus className="size-3.5" aria-hidden /> : <Minus className="size-3.5" aria-hidden />}
    </button>
  );

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <p className="text-sm text-muted-foreground">{t('users.matrix.description')}</p>
      <div className="overflow-x-auto rounded-md border">
        <table className="text-xs" data-testid="permission-matrix">
          <thead className="bg-muted/50">
            <tr>
              <th scope="col" className="sticky start-0 bg-muted px-2 py-2 text-start font-medium">
                {t('users.matrix.role')}
              </th>
              {permissions.map((p) => (
                <th key={p} scope="col" className="px-1 py-2 align-bottom font-medium">
                  <div className="flex flex-col items-center gap-1">
                    <span className="whitespace-nowrap">{t(`permission.${p}`)}</span>
                    <span className="flex">
                      {bulk(t('users.matrix.setColumn', { permission: t(`permission.${p}`) }), 'plus', () => setCells(column(p), true))}
                      {bulk(t('users.matrix.clearColumn', { permission: t(`permission.${p}`) }), 'minus', () => setCells(column(p), false))}
                    </span>
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {roles.map((r) => (
              <tr key={r.role} className="border-t">
                <th scope="row" className="sticky start-0 bg-background px-2 py-1 text-start font-medium">
                  <div className="flex items-center gap-2 whitespace-nowrap">
                    <span>{t(`role.${r.role}`)}</span>
                    <span className="font-normal text-muted-foreground">
                      {t('users.matrix.users', { count: formatNumber(r.users, language) })}
                    </span>
                    {bulk(t('users.matrix.setRow', { role: t(`role.${r.role}`) }), 'plus', () => setCells(row(r.role), true))}
                    {bulk(t('users.matrix.clearRow', { role: t(`role.${r.role}`) }), 'minus', () => setCells(row(r.role), false))}
                  </div>
                </th>
                {row(r.role).map((c) => {
                  const label = t('users.matrix.cell', { permission: t(`permission.${c.permission}`), role: t(`role.${c.role}`) });
                  const changed = pending.has(key(c.role, c.permission));
                  return (
                    <td key={c.permission} className={`px-1 py-1 text-center ${changed ? 'bg-primary/10' : ''}`}>
                      {c.kind === 'static' ? (
                        <span title={`${label}: ${t('users.matrix.fixed')}`} className="inline-flex items-center text-muted-foreground">
                          <Check className="size-4" aria-hidden />
                          <Lock className="size-3" aria-hidden />
                          <span className="sr-only">{`${label}: ${t('users.matrix.fixed')}`}</span>
                        </span>
                      ) : (
                        <input
                          type="checkbox"
                          aria-label={c.kind === 'refused' ? `${label}: ${t('users.matrix.notAllowed')}` : label}
                          checked={shown(c)}
                          disabled={c.kind === 'refused' && !c.enabled}
                          onChange={(e) => setCells([c], e.target.checked)}
                          className="size-4 accent-primary"
                        />
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {changes.length ? t('users.matrix.pending', { count: formatNumber(changes.length, language) }) : t('users.matrix.noChanges')}
        </span>
        <Button variant="outline" disabled={!changes.length} onClick={() => setPending(new Map())}>
          {t('users.matrix.discard')}
        </Button>
        <Button disabled={!changes.length} onClick={() => setReviewing(true)}>
          {t('users.matrix.review')}
        </Button>
      </div>
      {save.error && !isStaleWrite(save.error) && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(t, save.error)}
        </p>
      )}
      {reviewing && (
        <MatrixPreviewDialog
          changes={changes}
          version={matrix.data.version}
          saving={save.isPending}
          onSave={submit}
          onClose={() => setReviewing(false)}
        />
      )}
    </div>
  );
}
