export { column, DataTable, type DataTableProps, type TableQuery } from './data-table';
export type { ColumnDef } from '@tanstack/react-table';
