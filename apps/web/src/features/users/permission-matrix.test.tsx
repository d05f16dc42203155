import { MATRIX_PERMISSIONS, MATRIX_ROLES, matrixCellKind } from '@market/contracts/plain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import { PermissionMatrix } from './permission-matrix';

// The matrix editor against a contract-shaped matrix: fixed cells locked, bulk set and clear per row and column
// touching only that row's or column's editable cells, the preview before the save, and the save sending only the
// changed cells with the version it was loaded with.

const VERSION = '2026-03-01T09:00:00.000Z';
const matrix = (enabled: string[] = []) => ({
  roles: MATRIX_ROLES.map((role) => ({ role, effectiveRole: role, rank: 1, users: role === 'marketing' ? 2 : 0 })),
  permissions: [...MATRIX_PERMISSIONS],
  cells: MATRIX_ROLES.flatMap((role) =>
    MATRIX_PERMISSIONS.map((permission) => {
      const kind = matrixCellKind(role, permission);
      return { role, permission, kind, enabled: kind === 'static' || enabled.includes(`${role}/${permission}`) };
    }),
  ),
  version: VERSION,
});

function serve() {
  return stubApi([
    { method: 'GET', path: '/users/permission-matrix', reply: () => ({ body: matrix(['marketing/settings']) }) },
    {
      method: 'POST',
      path: '/users/permission-matrix/preview',
      reply: (c) => ({
        body: {
          changes: (c.body as { changes: { role: string; permission: string; enabled: boolean }[] }).changes.map((ch) => ({
            role: ch.role,
            permission: ch.permission,
            from: !ch.enabled,
            to: ch.enabled,
          })),
          affected: [{ role: 'marketing', count: 2, names: ['Maha', 'Omar'] }],
          version: VERSION,
        },
      }),
    },
    { method: 'PUT', path: '/users/permission-matrix', reply: () => ({ body: matrix(['marketing/import']) }) },
  ]);
}

describe('permission matrix', () => {
  it('bulk edits only editable cells of one row or column, previews, and saves just the changes', async () => {
    const api = serve();
    const { user } = await renderWithProviders(<PermissionMatrix />);
    const grid = await screen.findByTestId('permission-matrix');
    // Fixed grants are shown, not editable.
    expect(within(grid).queryByRole('checkbox', { name: 'Products for Marketing' })).toBeNull();
    expect(within(grid).getAllByText('Products for Marketing: Fixed').length).toBe(1);
    // users is never grantable.
    expect(within(grid).getByRole('checkbox', { name: 'User management for Marketing: Not allowed' })).toHaveProperty('disabled', true);

    // Grant the whole Marketing row: only its editable cells that are off change.
    await user.click(within(grid).getByRole('button', { name: 'Grant all of Marketing' }));
    const editableOff = MATRIX_PERMISSIONS.filter((p) => matrixCellKind('marketing', p) === 'editable' && p !== 'settings');
    expect(screen.getByText(`${editableOff.length} unsaved changes`)).toBeTruthy();
    // Clearing the Import column touches only Import cells (marketing's pending grant among them).
    await user.click(within(grid).getByRole('button', { name: 'Clear Import from all' }));
    expect(screen.getByText(`${editableOff.length - 1} unsaved changes`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByText('No unsaved changes')).toBeTruthy();

    await user.click(within(grid).getByRole('checkbox', { name: 'Import for Marketing' }));
    await user.click(within(grid).getByRole('checkbox', { name: 'Settings for Marketing' }));
    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    const preview = await screen.findByTestId('matrix-preview');
    expect(within(preview).getByText('Grant Import to Marketing')).toBeTruthy();
    expect(within(preview).getByText('Remove Settings from Marketing')).toBeTruthy();
    expect(within(preview).getByText('Maha, Omar')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      changes: [
        { role: 'marketing', permission: 'import', enabled: true },
        { role: 'marketing', permission: 'settings', enabled: false },
      ],
      expectedVersion: VERSION,
    });
    await waitFor(() => expect(screen.getByText('No unsaved changes')).toBeTruthy());
  });
});
