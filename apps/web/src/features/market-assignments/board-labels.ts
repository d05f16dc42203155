import {
  ASSIGNMENT_INVOICE_STATES,
  ASSIGNMENT_STATUSES,
  type AssignmentAbsenceStatus,
  type AssignmentInvoiceState,
  type AssignmentReleaseStatus,
  type AssignmentStatus,
} from '@market/contracts/plain';
import { createContext, useContext } from 'react';
import type { BoardAbsence, BoardCell } from './market-assignments-api';

type T = (key: string, vars?: Record<string, string | number>) => string;

/**
 * Every word a grid cell shows, made once per language: cells read them from props instead of each
 * asking the translations, so a cell stays a few elements and no hooks beyond its drag or drop.
 */
export interface CellLabels {
  free: string;
  blocked: string;
  closed: string;
  locked: string;
  placing: string;
  roleDescription: string;
  invoice: Record<AssignmentInvoiceState, string>;
  status: Record<AssignmentStatus, string>;
  actionsFor: (vendor: string) => string;
  cell: (cell: BoardCell, slot: string, date: string) => string;
  /** A free cell, naming the absent or no-show vendor who was booked on it, if any. */
  freeCell: (slot: string, date: string, absence?: BoardAbsence) => string;
  /** The kind of an absence as the cell shows it (the booking's status word). */
  absence: (status: AssignmentAbsenceStatus) => string;
}

export function cellLabels(t: T): CellLabels {
  const invoice = Object.fromEntries(ASSIGNMENT_INVOICE_STATES.map((s) => [s, t(`marketAssignments.invoice.${s}`)])) as Record<
    AssignmentInvoiceState,
    string
  >;
  const status = Object.fromEntries(ASSIGNMENT_STATUSES.map((s) => [s, t(`marketAssignments.status.${s}`)])) as Record<
    AssignmentStatus,
    string
  >;
  const locked = t('marketAssignments.cell.locked');
  return {
    free: t('marketAssignments.cell.free'),
    blocked: t('marketAssignments.cell.blocked'),
    closed: t('marketAssignments.cell.closed'),
    locked,
    placing: t('marketAssignments.cell.placing'),
    roleDescription: t('marketAssignments.dnd.roleDescription'),
    invoice,
    status,
    actionsFor: (vendor) => t('marketAssignments.cell.actionsFor', { vendor }),
    cell: (c, slot, date) =>
      [
        t('marketAssignments.cell.label', { vendor: c.vendorName, slot, date }),
        status[c.status],
        invoice[c.invoiceState],
        ...(c.locked ? [locked] : []),
      ].join(', '),
    freeCell: (slot, date, absence) =>
      absence
        ? t('marketAssignments.cell.freeAbsentLabel', { slot, date, vendor: absence.vendorName, absence: status[absence.status] })
        : t('marketAssignments.cell.freeLabel', { slot, date }),
    absence: (s) => status[s],
  };
}

/** What a cell's menu can do; one stable object for the whole board, so cells never re-render for it. */
export interface BoardActions {
  release: (cell: BoardCell, status: AssignmentReleaseStatus) => void;
  setLocked: (cell: BoardCell, locked: boolean) => void;
}

export const BoardActionsContext = createContext<BoardActions | null>(null);

export function useBoardActions(): BoardActions {
  const actions = useContext(BoardActionsContext);
  if (!actions) throw new Error('useBoardActions must be used inside the assignment board');
  return actions;
}
