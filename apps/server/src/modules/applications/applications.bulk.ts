import type { ApplicationStatus } from '@market/contracts';
import type { AppContext } from '../../app-context.js';
import type { Caller } from '../../lib/api-route.js';
import { AppError, invalid } from '../../lib/errors.js';
import { approveApplication } from './applications.approve.js';
import * as repo from './applications.repository.js';
import { transition } from './applications.service.js';

type BulkInput = { ids: string[]; action: 'approve' | 'waitlist' | 'reject'; reason?: string | null };
type BulkResult = { id: string; ok: boolean; status: ApplicationStatus | null; error: string | null };

/**
 * The same action on several applications, each in its own transaction: one that cannot take it
 * (already decided, a full market day, an account of another organization...) fails alone, with the
 * reason, and the others go through. Approval is the very same code as for a single application.
 */
export async function bulkAction(ctx: AppContext, caller: Caller, input: BulkInput): Promise<{ results: BulkResult[] }> {
  const reason = input.reason?.trim() || null;
  if (input.action === 'reject' && !reason) throw invalid('reason', 'is required to reject applications');
  const results: BulkResult[] = [];
  for (const id of [...new Set(input.ids)]) {
    try {
      const row =
        input.action === 'approve'
          ? await approveApplication(ctx, caller, id, {})
          : await transition(ctx, caller, id, input.action === 'reject' ? { to: 'rejected', reason } : { to: 'waitlisted' });
      results.push({ id, ok: true, status: row.status, error: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const current = await repo.findApplication(ctx.db, caller.orgId, id);
      results.push({ id, ok: false, status: current?.status ?? null, error: err.message });
    }
  }
  return { results };
}
