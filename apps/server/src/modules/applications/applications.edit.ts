import { PUBLIC_FORM_LIMIT, PUBLIC_FORM_WINDOW_SECONDS, type ApplicantView, type ApplicationEdit } from '@market/contracts';
import type { AppContext } from '../../app-context.js';
import { AppError, conflict } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { applicantView } from './applications.applicant.js';
import { countHit } from './applications.flood.js';
import { applicationsTuning } from './applications.form-token.js';
import * as repo from './applications.public.repository.js';
import { emailApplicant, findByToken, insertEvent, lockApplication, type ApplicationActor } from './applications.records.js';
import { applicantCanEdit } from './applications.rules.js';
import { checkAnswers, columnsOf, summary } from './applications.submit.js';
import { attachDocuments } from './applications.uploads.js';

const linkNotValid = () => new AppError(404, 'not_found', 'This status link is not valid or has expired');

/**
 * The applicant replaces their answers from the private status link (the only way an application's
 * answers change after submission), while nobody reviews it yet. The address stays the one the link
 * was sent to: moving it would hand the application, and its later e-mails, to another mailbox.
 */
export async function editAnswers(ctx: AppContext, input: ApplicationEdit, ip: string): Promise<ApplicantView> {
  await countHit(ctx, { key: `apply:${ip}`, limit: PUBLIC_FORM_LIMIT, windowSeconds: PUBLIC_FORM_WINDOW_SECONDS, what: 'applications' });
  const found = await findByToken(ctx.db, input.token);
  if (!found) throw linkNotValid();
  const actor: ApplicationActor = { type: 'applicant', ip };
  const updated = await ctx.db.transaction(async (tx) => {
    const app = await lockApplication(tx, found.orgId, found.id);
    if (input.stream !== app.stream) {
      throw new AppError(422, 'validation_failed', 'stream: is not the stream of this application', [
        { field: 'stream', message: 'is not the stream of this application' },
      ]);
    }
    if (!applicantCanEdit(app.status)) {
      throw conflict(
        'This application is being reviewed, so its answers can no longer be changed. Answer our questions on this page instead.',
      );
    }
    if (input.answers.email.toLowerCase() !== app.email.toLowerCase()) {
      const message = 'cannot be changed; apply again with the new address';
      throw new AppError(422, 'validation_failed', `answers.email: ${message}`, [{ field: 'answers.email', message }]);
    }
    const checked = await checkAnswers(ctx, tx, app.orgId, input, app);
    const row = await repo.updateApplication(tx, app.id, {
      ...columnsOf(input),
      email: app.email,
      updatedAt: new Date(applicationsTuning(ctx).now()),
    });
    await repo.replaceChoices(tx, row, checked.categoryIds, checked.marketDayIds);
    await attachDocuments(tx, row, checked.documents);
    await insertEvent(tx, row, actor, { kind: 'updated', fromStatus: null, toStatus: null, message: null, visibleToApplicant: true });
    await recordAudit(
      tx,
      { userId: null, orgId: row.orgId, ip },
      {
        action: 'application.updated',
        entityType: 'vendor_application',
        entityId: row.id,
        before: summary(app),
        after: { ...summary(row), documentsAdded: checked.documents.length },
      },
    );
    await emailApplicant(ctx, tx, row, 'updated');
    return row;
  });
  return applicantView(ctx.db, updated);
}
