import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { column, DataTable, type ColumnDef, type TableQuery } from '.';

// The table reads its state labels through useT; the key stands for the text.
vi.mock('../../app/i18n/i18n-provider', () => ({ useT: () => (key: string) => key }));

interface Fruit {
  id: string;
  name: string;
  code: string;
}
const fruits: Fruit[] = [
  { id: 'a', name: 'Apple', code: 'APL' },
  { id: 'b', name: 'Banana', code: 'BAN' },
];
const columns: ColumnDef<Fruit>[] = [
  column({ id: 'name', header: 'Name', cell: (f, i) => `${i + 1}. ${f.name}` }),
  column({ id: 'code', header: 'Code', align: 'end', cellClassName: 'font-mono', cellProps: { dir: 'ltr' }, cell: (f) => f.code }),
  column({ id: 'actions', header: <span className="sr-only">Actions</span>, cell: (f) => <button type="button">Edit {f.name}</button> }),
];
const query = (q: Partial<TableQuery<Fruit>>): TableQuery<Fruit> => ({ isPending: false, error: null, refetch: vi.fn(), ...q });

describe('DataTable', () => {
  it('renders the headers and one row per item with its cells, classes and attributes', () => {
    render(<DataTable columns={columns} data={fruits} testId="fruits" rowProps={(f) => ({ 'data-testid': `fruit-${f.code}` })} />);
    const table = screen.getByTestId('fruits');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Code', 'Actions']);
    expect(screen.getByRole('columnheader', { name: 'Code' }).className).toContain('text-end');
    const row = screen.getByTestId('fruit-BAN');
    expect(row.className).toContain('border-t');
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['2. Banana', 'BAN', 'Edit Banana']);
    expect(cells[1]).toHaveProperty('dir', 'ltr');
    expect(cells[1]!.className).toContain('font-mono');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('names the table with a label or an sr-only caption', () => {
    const { rerender } = render(<DataTable columns={columns} data={fruits} label="Fruits in stock" />);
    expect(screen.getByRole('table', { name: 'Fruits in stock' }).getAttribute('aria-label')).toBe('Fruits in stock');
    expect(screen.getByRole('table').querySelector('caption')).toBeNull();
    rerender(<DataTable columns={columns} data={fruits} caption="Fruit and their codes" />);
    const table = screen.getByRole('table', { name: 'Fruit and their codes' });
    expect(table.hasAttribute('aria-label')).toBe(false);
    const caption = table.querySelector('caption')!;
    expect(caption.textContent).toBe('Fruit and their codes');
    expect(caption.className).toBe('sr-only');
    expect(table.firstElementChild).toBe(caption);
  });

  it('renders the cells of a rowHeader column as row headers with the look of a cell', () => {
    const withHeader: ColumnDef<Fruit>[] = [
      column({ id: 'name', header: 'Name', rowHeader: true, cellProps: { dir: 'auto' }, cell: (f) => f.name }),
      column({ id: 'code', header: 'Code', rowHeader: true, align: 'end', cellClassName: 'font-mono font-medium', cell: (f) => f.code }),
      column({ id: 'note', header: 'Note', cell: (f) => `Ripe ${f.name}` }),
    ];
    render(<DataTable columns={withHeader} data={fruits} rowProps={(f) => ({ 'data-testid': `fruit-${f.code}` })} />);
    const row = screen.getByTestId('fruit-APL');
    const [name, code] = within(row).getAllByRole('rowheader');
    expect(within(row).getAllByRole('rowheader')).toHaveLength(2);
    expect(name!.tagName).toBe('TH');
    expect(name!.getAttribute('scope')).toBe('row');
    expect(name!.textContent).toBe('Apple');
    expect(name!).toHaveProperty('dir', 'auto');
    expect(name!.className.split(' ')).toEqual(expect.arrayContaining(['px-3', 'py-2', 'text-start', 'font-normal']));
    // The column's own alignment and weight stand alone: no conflicting utilities.
    expect(code!.className.split(' ')).toEqual(expect.arrayContaining(['px-3', 'py-2', 'text-end', 'font-mono', 'font-medium']));
    expect(code!.className).not.toMatch(/text-start|font-normal/);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ripe Apple']);
    expect(screen.getAllByRole('columnheader').map((h) => h.getAttribute('scope'))).toEqual(['col', 'col', 'col']);
  });

  it('keeps the cells mounted when the parent renders again with new column objects', () => {
    const make = (): ColumnDef<Fruit>[] => [column({ id: 'name', header: 'Name', cell: (f) => <input aria-label={f.name} /> })];
    const { rerender } = render(<DataTable columns={make()} data={fruits} />);
    const input = screen.getByRole('textbox', { name: 'Apple' });
    rerender(<DataTable columns={make()} data={[...fruits]} />);
    expect(screen.getByRole('textbox', { name: 'Apple' })).toBe(input);
  });

  it('takes the rows from a query', () => {
    render(<DataTable columns={columns} query={query({ data: fruits })} />);
    expect(screen.getByRole('cell', { name: '1. Apple' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a skeleton while the query loads, and no table', () => {
    render(<DataTable columns={columns} query={query({ isPending: true })} />);
    expect(screen.getByRole('status').textContent).toContain('common.loading');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says the query failed and retries it', () => {
    const q = query({ error: new Error('boom') });
    render(<DataTable columns={columns} query={q} errorLabel="Fruits could not be loaded" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Fruits could not be loaded');
    expect(alert.textContent).toContain('boom');
    fireEvent.click(within(alert).getByRole('button', { name: 'common.tryAgain' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the empty content when there are no rows, and nothing without it', () => {
    const { rerender, container } = render(<DataTable columns={columns} query={query({ data: [] })} empty="No fruit yet" />);
    expect(screen.getByText('No fruit yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    rerender(<DataTable columns={columns} data={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('selects rows and the whole page with checkboxes', () => {
    function Selectable() {
      const [selected, setSelected] = useState<Set<string>>(new Set());
      return (
        <>
          <DataTable
            columns={columns}
            data={fruits}
            selection={{ selected, onChange: setSelected, label: (f) => `Select ${f.name}`, allLabel: 'Select all' }}
          />
          <output>{[...selected].join(',')}</output>
        </>
      );
    }
    render(<Selectable />);
    const all = screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Banana' }));
    expect(screen.getByRole('status').textContent).toBe('b');
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    fireEvent.click(all);
    expect(screen.getByRole('status').textContent).toBe('b,a');
    expect(all.checked).toBe(true);
    fireEvent.click(all);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

/** Sets the window's size as a phone or a desk would have it; the layout follows its media query. */
const resize = (width: number) =>
  act(() => (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM.setViewport({ width, height: 740 }));

describe('DataTable on a phone', () => {
  afterEach(() => resize(1024));
  interface Stall extends Fruit {
    zone: string;
    price: number;
  }
  const stalls: Stall[] = [
    { id: 'a', name: 'Apple', code: 'APL', zone: 'North', price: 12 },
    { id: 'b', name: 'Banana', code: 'BAN', zone: 'South', price: 30 },
  ];
  const onEdit = vi.fn();
  const cardColumns: ColumnDef<Stall>[] = [
    column({ id: 'code', header: 'Code', card: 'title', rowHeader: true, cellProps: { dir: 'ltr' }, cell: (s) => s.code }),
    column({ id: 'name', header: 'Name', cell: (s) => `Name ${s.name}` }),
    column({ id: 'zone', header: 'Zone', card: 'field', cell: (s) => s.zone }),
    column({
      id: 'price',
      header: <span aria-hidden>€</span>,
      cardLabel: 'Price',
      card: 'field',
      cellClassName: 'tabular-nums',
      cell: (s) => s.price,
    }),
    column({
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      card: 'actions',
      cell: (s) => (
        <button type="button" onClick={() => onEdit(s.id)}>
          Edit {s.code}
        </button>
      ),
    }),
  ];

  it('shows each row as a card: its title, the chosen fields as label and value, and its actions; no table', () => {
    resize(360);
    render(
      <DataTable
        columns={cardColumns}
        data={stalls}
        testId="stalls"
        label="Stalls"
        rowProps={(s) => ({ 'data-testid': `stall-${s.code}` })}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Stalls' });
    expect(list.getAttribute('data-testid')).toBe('stalls');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const card = screen.getByTestId('stall-BAN');
    expect(card.tagName).toBe('LI');
    expect(card.firstElementChild!.textContent).toBe('BANEdit BAN');
    expect(within(card).getByText('BAN')).toHaveProperty('dir', 'ltr');
    expect([...card.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['Zone', 'Price']);
    const values = [...card.querySelectorAll('dd')];
    expect(values.map((d) => d.textContent)).toEqual(['South', '30']);
    expect(values[1]!.className).toContain('tabular-nums');
    // A column not chosen for phones is left off the card.
    expect(card.textContent).not.toContain('Name Banana');
    fireEvent.click(within(card).getByRole('button', { name: 'Edit BAN' }));
    expect(onEdit).toHaveBeenCalledWith('b');
  });

  it('switches between table and cards as the window crosses 768 px', () => {
    render(<DataTable columns={cardColumns} data={stalls} />);
    expect(screen.getByRole('table')).toBeTruthy();
    resize(767);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    resize(768);
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Code', 'Name', 'Zone', '€', 'Actions']);
  });

  it('keeps a table without card columns a table, scrolling in its own box', () => {
    resize(360);
    render(<DataTable columns={columns} data={fruits} testId="fruits" tableClassName="min-w-[40rem]" />);
    const table = screen.getByTestId('fruits');
    expect(table.tagName).toBe('TABLE');
    expect(table.parentElement!.className).toContain('overflow-x-auto');
  });

  it('keeps row selection on the cards, with a select-all checkbox named in words', () => {
    resize(360);
    function Selectable() {
      const [selected, setSelected] = useState<Set<string>>(new Set());
      return (
        <>
          <DataTable
            columns={cardColumns}
            data={stalls}
            rowProps={(s) => ({ 'data-testid': `stall-${s.code}` })}
            selection={{ selected, onChange: setSelected, label: (s) => `Select ${s.code}`, allLabel: 'Select all stalls' }}
          />
          <output>{[...selected].join(',')}</output>
        </>
      );
    }
    render(<Selectable />);
    const one = within(screen.getByTestId('stall-APL')).getByRole('checkbox', { name: 'Select APL' });
    fireEvent.click(one);
    expect(screen.getByRole('status').textContent).toBe('a');
    const all = screen.getByRole('checkbox', { name: 'Select all stalls' }) as HTMLInputElement;
    expect(all.closest('label')!.textContent).toBe('Select all stalls');
    expect(all.indeterminate).toBe(true);
    fireEvent.click(all);
    expect(screen.getByRole('status').textContent).toBe('a,b');
    expect(within(screen.getByTestId('stall-BAN')).getByRole('checkbox')).toHaveProperty('checked', true);
  });

  it('still shows the loading, error and empty states', () => {
    resize(360);
    const { rerender } = render(<DataTable columns={cardColumns} query={{ isPending: true, error: null, refetch: vi.fn() }} />);
    expect(screen.getByRole('status').textContent).toContain('common.loading');
    rerender(<DataTable columns={cardColumns} query={{ isPending: false, error: null, refetch: vi.fn(), data: [] }} empty="No stalls" />);
    expect(screen.getByText('No stalls')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('names the card list with the caption when there is no label', () => {
    resize(360);
    render(<DataTable columns={cardColumns} data={stalls} caption="Stalls and their zones" />);
    expect(screen.getByRole('list', { name: 'Stalls and their zones' })).toBeTruthy();
  });
});
