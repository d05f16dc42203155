import type {
  ApplicationDetail,
  ApplicationDocument,
  ApplicationEvent,
  ApplicationListItem,
  ApplicationLocale,
  ApplicationScore,
  Workshop,
} from '@market/contracts';
import type { Caller } from '../../lib/api-route.js';
import type { ApplicationActor, ApplicationRow } from './applications.records.js';
import type { ApplicationDayRow, DocumentRow, ScoreRow } from './applications.repository.js';
import { allowedActions } from './applications.rules.js';
import type { WorkshopRow } from './applications.workshops.repository.js';

export const staffActor = (caller: Caller): ApplicationActor => ({
  type: 'staff',
  userId: caller.userId,
  ip: caller.ip,
  apiKey: caller.apiKey ?? null,
});

type CategoryRow = { id: string; nameEn: string; nameAr: string; colour: string; requiredDocumentTypes: string[] };

/** Which application, of whom, where it stands: the list and the detail begin alike. */
const identityOf = (a: ApplicationRow) => ({
  id: a.id,
  stream: a.stream,
  status: a.status,
  applicantName: a.applicantName,
  contactName: a.contactName,
  email: a.email,
});

export function toListItem(
  a: ApplicationRow,
  extra: { averageScore: number | null; scoreCount: number; marketDayCount: number; documentCount: number },
  categories: CategoryRow[],
): ApplicationListItem {
  return {
    ...identityOf(a),
    locale: a.locale as ApplicationLocale,
    categories: categories.map((c) => ({ id: c.id, nameEn: c.nameEn, nameAr: c.nameAr, colour: c.colour })),
    marketDayCount: extra.marketDayCount,
    documentCount: extra.documentCount,
    averageScore: extra.averageScore === null ? null : Number(extra.averageScore),
    scoreCount: extra.scoreCount,
    submittedAt: a.submittedAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export function toDocument(d: DocumentRow): ApplicationDocument {
  return {
    id: d.id,
    docType: d.docType,
    fileName: d.fileName,
    mimeType: d.mimeType,
    sizeBytes: d.sizeBytes,
    status: d.status,
    statusNote: d.statusNote,
    expiresOn: d.expiresOn,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

type EventRow = {
  event: {
    id: string;
    kind: ApplicationEvent['kind'];
    fromStatus: ApplicationEvent['fromStatus'];
    toStatus: ApplicationEvent['toStatus'];
    actorType: ApplicationEvent['actorType'];
    message: string | null;
    visibleToApplicant: boolean;
    createdAt: Date;
  };
  actorName: string | null;
};

export function toEvent({ event: e, actorName }: EventRow): ApplicationEvent {
  return {
    id: e.id,
    kind: e.kind,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    actorType: e.actorType,
    actorName: e.actorType === 'staff' ? actorName : null,
    message: e.message,
    visibleToApplicant: e.visibleToApplicant,
    createdAt: e.createdAt.toISOString(),
  };
}

export const toScore = (s: ScoreRow): ApplicationScore => ({
  reviewerId: s.reviewerId,
  reviewerName: s.reviewerName,
  score: s.score,
  comment: s.comment,
  updatedAt: s.updatedAt.toISOString(),
});

export function toWorkshop(w: WorkshopRow): Workshop {
  return {
    id: w.id,
    applicationId: w.applicationId,
    marketDayId: w.marketDayId,
    marketDayDate: w.marketDayDate,
    locationName: w.locationName,
    status: w.status,
    titleEn: w.titleEn,
    titleAr: w.titleAr,
    descriptionEn: w.descriptionEn,
    descriptionAr: w.descriptionAr,
    hostName: w.hostName,
    hostEmail: w.hostEmail,
    hostPhone: w.hostPhone,
    durationMinutes: w.durationMinutes,
    capacity: w.capacity,
    ageMin: w.ageMin,
    ageMax: w.ageMax,
    materialsFeeMinor: w.materialsFeeMinor,
    spaceNeeds: w.spaceNeeds,
    equipmentNeeds: w.equipmentNeeds,
    createdAt: w.createdAt.toISOString(),
  };
}

/** The answers as staff read them: the upload ids that claimed the files stay internal (the files are in `documents`). */
export function publicAnswers(answers: Record<string, unknown>): Record<string, unknown> {
  const { documents: _documents, ...rest } = answers;
  return rest;
}

export interface DetailParts {
  categories: CategoryRow[];
  marketDays: ApplicationDayRow[];
  documents: DocumentRow[];
  events: EventRow[];
  scores: ScoreRow[];
  blind: boolean;
  workshop: WorkshopRow | null;
}

export function toDetail(a: ApplicationRow, callerId: string, p: DetailParts): ApplicationDetail {
  const mine = p.scores.find((s) => s.reviewerId === callerId) ?? null;
  const hidden = p.blind && !mine;
  const average = p.scores.length ? p.scores.reduce((sum, s) => sum + s.score, 0) / p.scores.length : null;
  return {
    ...identityOf(a),
    phone: a.phone,
    locale: a.locale as ApplicationLocale,
    answers: publicAnswers(a.answers),
    stallSize: a.stallSize,
    power: a.power,
    decisionReason: a.decisionReason,
    categories: p.categories.map((c) => ({
      id: c.id,
      nameEn: c.nameEn,
      nameAr: c.nameAr,
      colour: c.colour,
      requiredDocumentTypes: c.requiredDocumentTypes,
    })),
    marketDays: p.marketDays.map((d) => ({ id: d.id, date: d.date, locationName: d.locationName, status: d.status })),
    documents: p.documents.map(toDocument),
    history: p.events.map(toEvent),
    scores: hidden ? [] : p.scores.map(toScore),
    scoresHidden: hidden,
    myScore: mine ? toScore(mine) : null,
    averageScore: hidden ? null : average,
    allowedActions: allowedActions(a.status),
    vendorId: a.vendorId,
    workshop: p.workshop ? toWorkshop(p.workshop) : null,
    submittedAt: a.submittedAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    decidedAt: a.decidedAt?.toISOString() ?? null,
  };
}
