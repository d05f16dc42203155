import { Star } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormField, fieldClass } from '../../../components/ui/form-dialog';
import { cn } from '../../../lib/cn';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useScoreApplication, type ApplicationDetail } from '../applications-api';
import { formatInstant } from '../format';
import { Section } from './section';
import { formatLocale } from '../../../app/i18n/locale-format';

const SCORES = [1, 2, 3, 4, 5] as const;

/** The caller's score (1 to 5) and comment; the others' scores, unless blind review hides them until the caller scores. */
export function ApplicationScores({ app }: { app: ApplicationDetail }) {
  const { t, language } = useI18n();
  const id = useId();
  const save = useScoreApplication(app.id);
  const [score, setScore] = useState<number | null>(app.myScore?.score ?? null);
  const [comment, setComment] = useState(app.myScore?.comment ?? '');
  useEffect(() => {
    setScore(app.myScore?.score ?? null);
    setComment(app.myScore?.comment ?? '');
  }, [app.myScore]);
  const dirty = score !== (app.myScore?.score ?? null) || comment !== (app.myScore?.comment ?? '');
  const others = app.scores.filter((s) => s.reviewerId !== app.myScore?.reviewerId);
  const scoreError = fieldError(save.error, 'score');
  const average = app.averageScore === null ? null : app.averageScore.toLocaleString(formatLocale(language), { maximumFractionDigits: 1 });

  return (
    <Section
      title={t('review.section.scores')}
      actions={
        average !== null && (
          <span className="text-sm font-medium" data-testid="average-score">
            {t('review.scores.average', { average, count: app.scores.length })}
          </span>
        )
      }
      testId="application-scores"
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (score === null) return;
          save.mutate(
            { score, comment: comment.trim() || null },
            {
              onSuccess: () => toast.success(t('review.scores.saved')),
              onError: (err) => !hasFieldErrors(err) && toast.error(errorMessage(t, err)),
            },
          );
        }}
      >
        <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-hint`}>
          <legend className="mb-1 text-sm font-medium">{t('review.scores.yours')}</legend>
          <div className="flex flex-wrap gap-1">
            {SCORES.map((n) => (
              <label
                key={n}
                className={cn(
                  'inline-flex cursor-pointer items-center gap-1 rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  score === n ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-score`}
                  value={n}
                  checked={score === n}
                  onChange={() => setScore(n)}
                  className="sr-only"
                  data-testid={`score-${n}`}
                />
                <Star className={cn('size-3.5', score !== null && n <= score ? 'fill-current' : '')} aria-hidden />
                {n}
              </label>
            ))}
          </div>
          <span id={`${id}-hint`} className="text-xs text-muted-foreground">
            {t('review.scores.scale')}
          </span>
          {scoreError && <span className="text-xs text-destructive">{scoreError}</span>}
        </fieldset>
        <FormField label={t('review.scores.comment')} error={fieldError(save.error, 'comment')}>
          {(p) => (
            <textarea
              {...p}
              className={`${fieldClass} h-20 py-2`}
              maxLength={2000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          )}
        </FormField>
        <Button
          type="submit"
          size="sm"
          className="self-start"
          disabled={score === null || !dirty || save.isPending}
          data-testid="save-score"
        >
          {t('review.scores.save')}
        </Button>
      </form>
      <div className="flex flex-col gap-2 border-t pt-3 text-sm">
        <h3 className="font-medium">{t('review.scores.others')}</h3>
        {app.scoresHidden ? (
          <p className="text-muted-foreground" data-testid="scores-hidden">
            {t('review.scores.hidden')}
          </p>
        ) : others.length === 0 ? (
          <p className="text-muted-foreground">{t('review.scores.none')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {others.map((s) => (
              <li key={s.reviewerId} className="rounded-md border p-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium" dir="auto">
                    {s.reviewerName ?? t('review.scores.someone')}
                  </span>
                  <span className="inline-flex items-center gap-1 tabular-nums">
                    <Star className="size-3.5 fill-amber-400 text-amber-500" aria-hidden />
                    {t('review.scores.outOf', { score: s.score })}
                  </span>
                </div>
                {s.comment && (
                  <p className="mt-1 whitespace-pre-wrap" dir="auto">
                    {s.comment}
                  </p>
                )}
                <p className="text-xs text-muted-foreground">{formatInstant(s.updatedAt, language)}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}
