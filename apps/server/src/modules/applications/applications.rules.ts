import type { ApplicationStatus, ApplicationStream } from '@market/contracts';
import { conflict } from '../../lib/errors.js';

/** Staff actions and the status each leads to. */
export const STAFF_ACTIONS = {
  start_review: 'under_review',
  request_info: 'info_requested',
  approve: 'approved',
  waitlist: 'waitlisted',
  reject: 'rejected',
} as const satisfies Record<string, ApplicationStatus>;
export type StaffAction = keyof typeof STAFF_ACTIONS;

/**
 * Which status may follow which. Approved, rejected and withdrawn are final. An applicant's answer to
 * a request for information puts the application back under review; an applicant may withdraw until
 * a decision is final.
 */
export const TRANSITIONS: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  submitted: ['under_review', 'info_requested', 'approved', 'waitlisted', 'rejected', 'withdrawn'],
  under_review: ['info_requested', 'approved', 'waitlisted', 'rejected', 'withdrawn'],
  info_requested: ['under_review', 'approved', 'waitlisted', 'rejected', 'withdrawn'],
  waitlisted: ['under_review', 'info_requested', 'approved', 'rejected', 'withdrawn'],
  approved: [],
  rejected: [],
  withdrawn: [],
};

const STATUS_WORDS: Record<ApplicationStatus, string> = {
  submitted: 'submitted',
  under_review: 'under review',
  info_requested: 'waiting for information',
  approved: 'approved',
  waitlisted: 'on the waiting list',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
};

const ACTION_WORDS: Record<ApplicationStatus, string> = {
  submitted: 'submitted',
  under_review: 'put under review',
  info_requested: 'asked for information',
  approved: 'approved',
  waitlisted: 'waitlisted',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
};

export const canMove = (from: ApplicationStatus, to: ApplicationStatus): boolean => TRANSITIONS[from].includes(to);

/** 409 in words: "An application that is approved cannot be rejected." */
export function assertTransition(from: ApplicationStatus, to: ApplicationStatus): void {
  if (canMove(from, to)) return;
  throw conflict(`An application that is ${STATUS_WORDS[from]} cannot be ${ACTION_WORDS[to]}.`);
}

/** The staff actions the status allows, for the application page's buttons. */
export function allowedActions(status: ApplicationStatus): StaffAction[] {
  return (Object.keys(STAFF_ACTIONS) as StaffAction[]).filter((a) => canMove(status, STAFF_ACTIONS[a]));
}

export const applicantCanWithdraw = (status: ApplicationStatus): boolean => canMove(status, 'withdrawn');
export const applicantCanRespond = (status: ApplicationStatus): boolean => status === 'info_requested';
/** Answers change only before staff start reading them. */
export const applicantCanEdit = (status: ApplicationStatus): boolean => status === 'submitted';

/** The vendor type and stored role an approved vendor application creates. */
export const VENDOR_OF_STREAM: Record<
  Exclude<ApplicationStream, 'workshop'>,
  { vendorType: 'market' | 'junior'; role: 'market_vendor' | 'junior_vendor' }
> = {
  market_vendor: { vendorType: 'market', role: 'market_vendor' },
  junior_vendor: { vendorType: 'junior', role: 'junior_vendor' },
};

/** Age in whole years on a day (both ISO dates). */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
