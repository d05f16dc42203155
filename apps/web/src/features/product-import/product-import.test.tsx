import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../app/i18n/i18n-provider';
import { stubApi, type ApiCall, type ApiReply } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import ProductImportPage from './product-import-page';
import { attributes, counts, IMPORT_ID, importDetail, row, STAMP, summary, UPDATED, validated } from './product-import.test-fixtures';
import type { ImportDetail } from './product-import-api';

// The import screens against contract-shaped answers: the mapping table sends the edited mapping in the PATCH with
// the updatedAt it was based on; the dry run's totals and each row's diff show; the run waits for a current dry run
// and says what it will do; a stalled run says it resumes; the history opens an import.

type Handler = (c: ApiCall) => ApiReply;

function serve(o: { detail?: () => ImportDetail; patch?: Handler; rows?: Handler; list?: Handler } = {}) {
  const detail = o.detail ?? (() => importDetail());
  return stubApi([
    { method: 'GET', path: '/product-import/imports', reply: o.list ?? (() => ({ body: { items: [], nextCursor: null } })) },
    { method: 'GET', path: '/product-import/imports/:id', reply: () => ({ body: detail() }) },
    { method: 'PATCH', path: '/product-import/imports/:id', reply: o.patch ?? (() => ({ status: 500, body: {} })) },
    { method: 'GET', path: '/product-import/imports/:id/rows', reply: o.rows ?? (() => ({ body: { items: [], nextCursor: null } })) },
    { method: 'GET', path: '/product-import/profiles', reply: () => ({ body: [] }) },
    { method: 'GET', path: '/attributes', reply: () => ({ body: attributes() }) },
  ]);
}

const openImport = () => renderWithProviders(<ProductImportPage />, { route: `/product-import?id=${IMPORT_ID}` });

describe('Product import', () => {
  it('sends the mapping edited in the table, with the updatedAt it started from', async () => {
    const api = serve({ patch: (c) => ({ body: importDetail({ ...(c.body as object), updatedAt: UPDATED }) }) });
    const { user } = await openImport();
    const title = await screen.findByLabelText('Target of column Title');
    // A few values of each column help to choose.
    expect(within(screen.getByTestId('import-column-Title')).getByText('Blue mug')).toBeTruthy();

    await user.selectOptions(title, 'nameEn');
    // A localizable attribute is offered per language.
    await user.selectOptions(screen.getByLabelText('Target of column Colour'), 'attribute:colour:ar');
    // Sending two columns to one target is marked at once and blocks the save.
    await user.selectOptions(screen.getByLabelText('Target of column SKU'), 'nameEn');
    expect(within(screen.getByTestId('import-column-Title')).getByText('Already imported from column SKU')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save mapping' }).hasAttribute('disabled')).toBe(true);
    await user.selectOptions(screen.getByLabelText('Target of column SKU'), 'sku');

    await user.click(screen.getByRole('button', { name: 'Transformations of column Colour' }));
    await user.type(await screen.findByLabelText('Split into a list on'), '|');
    await user.keyboard('{Escape}');
    await user.selectOptions(screen.getByLabelText('Empty cells'), 'clear');

    await user.click(screen.getByRole('button', { name: 'Save mapping' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = api.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe(`/product-import/imports/${IMPORT_ID}`);
    expect(patch.body).toEqual({
      expectedUpdatedAt: STAMP,
      mapping: [
        { column: 'SKU', target: 'sku' },
        { column: 'Title', target: 'nameEn' },
        { column: 'Colour', target: 'attribute:colour:ar', split: '|' },
      ],
      options: expect.objectContaining({ matchBy: 'sku', emptyCells: 'clear', missing: 'keep' }),
    });
    expect(document.body.textContent).not.toContain('productImport.');
    // Saved: nothing is left unsaved.
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
  });

  it('shows the server refusal of a column next to it', async () => {
    serve({
      patch: () => ({
        status: 422,
        body: { error: { code: 'validation', message: 'Invalid', fields: [{ field: 'mapping.1.target', message: 'is not a field' }] } },
      }),
    });
    const { user } = await openImport();
    await user.selectOptions(await screen.findByLabelText('Target of column Title'), 'brand');
    await user.click(screen.getByRole('button', { name: 'Save mapping' }));
    const select = screen.getByLabelText('Target of column Title');
    await waitFor(() => expect(select.getAttribute('aria-invalid')).toBe('true'));
    expect(within(screen.getByTestId('import-column-Title')).getByText('is not a field')).toBeTruthy();
  });

  it('shows the dry run totals, and an updated row opens its field-by-field diff', async () => {
    const api = serve({
      detail: () => validated(),
      rows: (c) => ({
        body: {
          items:
            c.query.get('outcome') === 'error'
              ? [row({ rowNo: 9, outcome: 'error', sku: 'MUG-9', errors: [{ field: 'price', message: 'must be a number' }] })]
              : [
                  row({ rowNo: 2, outcome: 'create', sku: 'MUG-1', changes: [{ field: 'nameEn', before: null, after: 'Blue mug' }] }),
                  row({
                    rowNo: 3,
                    outcome: 'update',
                    sku: 'MUG-2',
                    productId: 'd1b2c3d4-0000-4000-8000-000000000002',
                    changes: [
                      { field: 'nameEn', before: 'Red cup', after: 'Red mug' },
                      { field: 'attribute:colour:ar', before: null, after: 'أحمر' },
                    ],
                  }),
                  row({ rowNo: 9, outcome: 'error', sku: 'MUG-9', errors: [{ field: 'price', message: 'must be a number' }] }),
                ],
          nextCursor: null,
        },
      }),
    });
    const { user } = await openImport();
    const tiles = await screen.findByRole('list', { name: 'Dry run totals' });
    expect(within(tiles).getByTestId('import-total-rows').textContent).toContain('12');
    expect(within(tiles).getByTestId('import-total-create').textContent).toBe('To create7');
    expect(within(tiles).getByTestId('import-total-update').textContent).toBe('To update3');
    expect(within(tiles).getByTestId('import-total-error').textContent).toBe('Errors1');
    expect(screen.getByRole('button', { name: 'Download error file' })).toBeTruthy();

    const update = await screen.findByTestId('import-row-3');
    expect(within(update).getByRole('link', { name: 'MUG-2' }).getAttribute('href')).toBe('/products/d1b2c3d4-0000-4000-8000-000000000002');
    const toggle = within(update).getByRole('button', { name: 'Changes (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const diff = screen.getByRole('table', { name: 'Changes of row 3' });
    const name = within(diff).getByTestId('import-change-nameEn');
    expect(within(name).getByRole('rowheader').textContent).toBe('Name (English)');
    expect([...name.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Red cup', 'Red mug']);
    expect(within(diff).getByTestId('import-change-attribute:colour:ar').textContent).toContain('Colour (colour) · Arabic');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // An error row says which field and why.
    expect(within(screen.getByTestId('import-row-9')).getByText('must be a number')).toBeTruthy();
    expect(within(screen.getByTestId('import-row-9')).getByText('Price:', { exact: false })).toBeTruthy();

    // A tile filters the rows by its outcome.
    await user.click(within(tiles).getByRole('button', { name: /Errors/ }));
    await waitFor(() => expect(screen.queryByTestId('import-row-3')).toBeNull());
    const rowCalls = api.calls.filter((c) => c.path.endsWith('/rows'));
    expect(rowCalls.at(-1)!.query.get('outcome')).toBe('error');
    expect(rowCalls.at(-1)!.query.get('phase')).toBe('dry_run');
  });

  it('keeps the run closed until the dry run is current, then asks with the counts', async () => {
    let current = validated({ canRun: false });
    serve({ detail: () => current });
    const first = await openImport();
    const run = await screen.findByRole('button', { name: 'Run import' });
    expect(run.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/run the dry run again before importing/)).toBeTruthy();
    first.unmount();

    current = validated({ canRun: true, options: { ...validated().options, missing: 'archive' } });
    const { user } = await openImport();
    const enabled = await screen.findByRole('button', { name: 'Run import' });
    expect(enabled.hasAttribute('disabled')).toBe(false);
    await user.click(enabled);
    const dialog = await screen.findByRole('dialog', { name: 'Run this import?' });
    expect(within(dialog).getByText('7 products will be created and 3 updated, as the dry run found.')).toBeTruthy();
    expect(within(dialog).getByText(/will be archived when the run completes/)).toBeTruthy();
  });

  it('says a stalled run resumes from its last committed batch, with its progress', async () => {
    serve({
      detail: () =>
        importDetail({
          state: 'running',
          stalled: true,
          dryRun: counts({ rows: 1000, create: 1000 }),
          progress: {
            phase: 'run',
            processedRows: 500,
            totalRows: 1000,
            counts: counts({ rows: 500, create: 480, error: 20 }),
            rowsPerSecond: 250,
            secondsLeft: 2,
            startedAt: STAMP,
            finishedAt: null,
          },
        }),
    });
    await openImport();
    const panel = await screen.findByTestId('import-progress');
    expect(within(panel).getByRole('status').textContent).toMatch(/resumes from its last committed batch/);
    expect(panel.textContent).toContain('500 of 1,000 rows');
    expect(panel.textContent).toContain('Created: 480');
    expect(panel.textContent).toContain('Failed: 20');
    expect(screen.getAllByText('Stalled').length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toContain('productImport.');
  });

  it('lists past imports with their state and opens one', async () => {
    serve({
      detail: () => validated(),
      list: () => ({
        body: {
          items: [summary({ state: 'completed', run: counts({ rows: 10, create: 6, update: 3, error: 1 }), profileName: 'Supplier A' })],
          nextCursor: null,
        },
      }),
    });
    const { user } = await renderWithProviders(<ProductImportPage />, { route: '/product-import' });
    const entry = await screen.findByTestId(`import-${IMPORT_ID}`);
    expect(entry.textContent).toContain('Completed');
    expect(entry.textContent).toContain('6 created, 3 updated, 1 failed');
    expect(entry.textContent).toContain('Supplier A');
    expect(screen.getByText(/up to 100 MB/)).toBeTruthy();
    await user.click(within(entry).getByRole('button', { name: 'Open import of spring-catalogue.csv' }));
    expect(await screen.findByTestId('import-view')).toBeTruthy();
  });

  it('reads right to left in Arabic, with every text translated and Western digits', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    serve({
      detail: () => validated(),
      rows: () => ({ body: { items: [row({ rowNo: 3, outcome: 'update', sku: 'MUG-2' })], nextCursor: null } }),
    });
    await openImport();
    const tiles = await screen.findByRole('list', { name: 'إجماليات التشغيل التجريبي' });
    await screen.findByTestId('import-row-3');
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(tiles).getByTestId('import-total-create').textContent).toBe('للإنشاء7');
    expect(screen.getByRole('button', { name: 'تشغيل الاستيراد' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('productImport.');
  });
});
