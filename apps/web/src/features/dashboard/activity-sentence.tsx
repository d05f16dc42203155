import type { dashboardRoutes } from '@market/contracts/plain';
import type { ResponseOf } from '@market/contracts/plain';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../app/i18n/i18n-provider';

export type ActivityEntry = NonNullable<ResponseOf<typeof dashboardRoutes.getDashboard>['recentActivity']>[number];

const PART = /\{(actor|object|name)\}/;

/** Splits a translated template on {actor}, {object} and {name} and puts the given nodes in their places. */
export function fillTemplate(template: string, parts: Partial<Record<'actor' | 'object' | 'name', ReactNode>>): ReactNode[] {
  // split with a capturing group alternates text and placeholder names.
  return template.split(PART).map((piece, i) => <Fragment key={i}>{i % 2 === 1 ? parts[piece as keyof typeof parts] : piece}</Fragment>);
}

/**
 * One audit entry as a sentence ("Sara Haddad created the asset “honey.jpg”"), the object's name linked when
 * the server gave a link. An action or entity type without a translation reads as a generic sentence.
 */
export function ActivitySentence({ entry }: { entry: ActivityEntry }) {
  const { t, language } = useI18n();
  const known = (key: string) => {
    const text = t(key);
    return text === key ? null : text;
  };
  const name = (language === 'ar' && entry.entityNameAr) || entry.entityName;
  const link = (content: ReactNode) =>
    entry.link ? (
      <Link to={entry.link} className="font-medium text-primary underline underline-offset-4">
        {content}
      </Link>
    ) : (
      <span className="font-medium">{content}</span>
    );
  const nameNode = name ? link(<bdi>{name}</bdi>) : null;
  const object = name
    ? fillTemplate(known(`dashboard.activity.entity.${entry.entityType}`) ?? t('dashboard.activity.fallbackEntity'), { name: nameNode })
    : link(known(`dashboard.activity.entityUnnamed.${entry.entityType}`) ?? t('dashboard.activity.fallbackEntityUnnamed'));
  let verb = known(`dashboard.activity.verb.${entry.action}`);
  if (!verb || (!name && verb.includes('{name}'))) verb = t('dashboard.activity.fallback');
  const person = entry.system ? (
    t('dashboard.activity.system')
  ) : entry.actorName ? (
    <bdi>{entry.actorName}</bdi>
  ) : (
    t('dashboard.activity.formerMember')
  );
  // A write through an organization's API key names the key beside its creator.
  const actor = entry.apiKeyName ? (
    <>
      {person} <span className="text-muted-foreground">{t('dashboard.activity.viaApiKey', { name: entry.apiKeyName })}</span>
    </>
  ) : (
    person
  );
  return <span data-testid="activity-sentence">{fillTemplate(verb, { actor, object, name: nameNode })}</span>;
}
