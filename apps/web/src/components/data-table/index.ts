export { column, DataTable, type DataTableProps, type TableQuery } from './data-table';
export { CARD_BREAKPOINT, usePhone } from './use-phone';
export type { ColumnDef } from '@tanstack/react-table';
