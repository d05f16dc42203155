import { dashboardRoutes } from '@market/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import { ActivitySentence, type ActivityEntry } from './activity-sentence';
import { WeekChart } from './week-chart';

// Recent activity reads as sentences, never raw codes (issue 14 #6), in English and Arabic; a chart's
// figures are readable without the picture.

const entry = (over: Partial<ActivityEntry>): ActivityEntry =>
  dashboardRoutes.activityEntrySchema.parse({
    id: '0b1c2d3e-0000-4000-8000-000000000001',
    action: 'create',
    entityType: 'asset',
    entityId: '0b1c2d3e-0000-4000-8000-000000000002',
    actorName: 'Sara Haddad',
    system: false,
    apiKeyName: null,
    entityName: 'honey.jpg',
    entityNameAr: null,
    link: '/assets',
    createdAt: '2025-03-01T10:00:00.000Z',
    ...over,
  });

const sentence = () => screen.getByTestId('activity-sentence');

beforeEach(() => {
  stubApi();
});

describe('activity sentence', () => {
  it('names the actor, the action and the object, the name linked', async () => {
    await renderWithProviders(<ActivitySentence entry={entry({})} />);
    expect(sentence().textContent).toBe('Sara Haddad created the asset “honey.jpg”');
    expect(within(sentence()).getByRole('link', { name: 'honey.jpg' }).getAttribute('href')).toBe('/assets');
  });

  it('names the system when no user wrote the entry, and links only when the server gave a link', async () => {
    await renderWithProviders(
      <ActivitySentence
        entry={entry({
          action: 'application.approved',
          entityType: 'vendor_application',
          actorName: null,
          system: true,
          entityName: 'Olive Stall',
          link: null,
        })}
      />,
    );
    expect(sentence().textContent).toBe('System approved the application of “Olive Stall”');
    expect(within(sentence()).queryByRole('link')).toBeNull();
  });

  it('names the API key a write came through, beside its creator', async () => {
    await renderWithProviders(<ActivitySentence entry={entry({ apiKeyName: 'ERP sync' })} />);
    expect(sentence().textContent).toBe('Sara Haddad (through the API key “ERP sync”) created the asset “honey.jpg”');
  });

  it('falls back to a readable sentence for an unknown action or entity type, never the raw codes', async () => {
    await renderWithProviders(
      <ActivitySentence entry={entry({ action: 'frobnicate', entityType: 'gizmo', entityName: null, actorName: null })} />,
    );
    expect(sentence().textContent).toBe('A former member changed a record');
    expect(sentence().textContent).not.toMatch(/frobnicate|gizmo/);
  });

  it('reads in Arabic, with the Arabic name when the object has one', async () => {
    localStorage.setItem('pim-language', 'ar');
    await renderWithProviders(
      <ActivitySentence
        entry={entry({ entityType: 'brand', entityName: 'Olive Grove', entityNameAr: 'بستان الزيتون', link: '/master-data?tab=brands' })}
      />,
    );
    expect(sentence().textContent).toBe('تم إنشاء العلامة التجارية «بستان الزيتون» بواسطة Sara Haddad');
    expect(within(sentence()).getByRole('link', { name: 'بستان الزيتون' }).getAttribute('href')).toBe('/master-data?tab=brands');
  });

  it('tells the system in Arabic too', async () => {
    localStorage.setItem('pim-language', 'ar');
    await renderWithProviders(<ActivitySentence entry={entry({ action: 'delete', system: true, actorName: null, link: null })} />);
    expect(sentence().textContent).toBe('تم حذف الأصل «honey.jpg» بواسطة النظام');
  });
});

describe('week chart', () => {
  const weeks = [
    { weekStart: '2025-02-17', count: 0 },
    { weekStart: '2025-02-24', count: 4 },
    { weekStart: '2025-03-03', count: 2 },
  ];

  it('gives its figures as a table and a summary, the picture hidden from screen readers', async () => {
    const { container } = await renderWithProviders(<WeekChart title="Applications per week" weeks={weeks} />);
    const table = screen.getByRole('table', { name: 'Applications per week' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['Feb 170', 'Feb 244', 'Mar 32']);
    expect(screen.getByText('Last 3 weeks: 6 in all')).toBeTruthy();
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelectorAll('rect')).toHaveLength(3);
  });

  it('puts the oldest week at the start in Arabic too: the right edge', async () => {
    localStorage.setItem('pim-language', 'ar');
    const { container } = await renderWithProviders(<WeekChart title="x" weeks={weeks} />);
    const xs = [...container.querySelectorAll('rect')].map((r) => Number(r.getAttribute('x')));
    // Rendered oldest first; in right-to-left the oldest bar sits furthest right.
    expect(xs[0]).toBeGreaterThan(xs[1]!);
    expect(xs[1]).toBeGreaterThan(xs[2]!);
  });
});
