import { publicApplicationsRoutes } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../test/api-stub';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { ApplicationWizard } from './application-wizard';

// The public market vendor form as an applicant meets it: Next is refused while a step has problems and
// names the field; Back keeps the answers; a reload brings the unsent answers back. The form endpoint is
// stubbed with contract-shaped data.

const FORM = publicApplicationsRoutes.getApplicationForm.response.parse({
  organization: { name: 'Corniche Market', slug: 'corniche', currency: 'AED' },
  stream: 'market_vendor',
  formToken: 'form-token-1',
  minFillSeconds: 5,
  categories: [
    {
      id: 'a0c4e8b2-1d3f-4a5b-8c7d-9e0f1a2b3c4d',
      nameEn: 'Prepared food',
      nameAr: 'أطعمة جاهزة',
      colour: '#f97316',
      descriptionEn: null,
      descriptionAr: null,
      requiredDocumentTypes: ['food_hygiene'],
    },
    {
      id: 'b1d5f9c3-2e4a-4b6c-9d8e-0f1a2b3c4d5e',
      nameEn: 'Crafts',
      nameAr: 'حرف يدوية',
      colour: '#0ea5e9',
      descriptionEn: 'Handmade goods',
      descriptionAr: null,
      requiredDocumentTypes: [],
    },
  ],
  marketDays: [
    {
      id: 'c2e6a0d4-3f5b-4c7d-8e9f-1a2b3c4d5e6f',
      date: '2031-06-07',
      openTime: '16:00',
      closeTime: '22:00',
      locationName: 'Corniche',
      locationNameAr: 'الكورنيش',
      applicationClosesAt: null,
    },
  ],
  maxUploadBytes: 10_485_760,
});

beforeEach(() => {
  const { method, path } = publicApplicationsRoutes.getApplicationForm;
  stubApi([{ method, path, reply: () => ({ body: FORM }) }]);
});

async function openForm() {
  const r = await renderWithProviders(<ApplicationWizard stream="market_vendor" />, { route: '/apply/market-vendor' });
  await screen.findByRole('button', { name: 'Next' });
  return r;
}

const progress = () => screen.getByText(/^Step \d of \d:/).textContent;
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

async function fillBusiness(user: UserEvent, email = 'rania@example.com') {
  await user.type(field('Business name'), 'Rania Bakes');
  await user.type(field('Contact person'), 'Rania Haddad');
  await user.type(field('E-mail address'), email);
  await user.type(field('Phone number'), '+971 50 123 4567');
}

describe('application wizard steps', () => {
  it('Next on an empty step stays there, names every missing field and focuses the first', async () => {
    const { user } = await openForm();
    expect(progress()).toBe('Step 1 of 5: Business and contact');

    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(progress()).toBe('Step 1 of 5: Business and contact');
    for (const name of ['Business name', 'Contact person', 'E-mail address', 'Phone number']) {
      const input = screen.getByRole('textbox', { name, description: /Please fill this in\./ });
      expect(input.getAttribute('aria-invalid')).toBe('true');
    }
    // Optional fields are not flagged.
    expect(field('Legal name').getAttribute('aria-invalid')).toBe('false');
    expect(document.activeElement).toBe(field('Business name'));
  });

  it('a malformed answer blocks Next with its own message; correcting it lets the applicant on', async () => {
    const { user } = await openForm();
    await fillBusiness(user, 'rania@example');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(progress()).toBe('Step 1 of 5: Business and contact');
    expect(
      screen.getByRole('textbox', { name: 'E-mail address', description: 'Enter an e-mail address such as name@example.com.' }),
    ).toBeTruthy();
    expect(screen.getAllByRole('textbox').filter((i) => i.getAttribute('aria-invalid') === 'true')).toEqual([field('E-mail address')]);
    expect(document.activeElement).toBe(field('E-mail address'));

    await user.type(field('E-mail address'), '.com');
    expect(field('E-mail address').getAttribute('aria-invalid')).toBe('false'); // the problem clears as it is edited
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(progress()).toBe('Step 2 of 5: Products and categories');
  });

  it('each later step checks its own answers, and Back returns with every answer kept', async () => {
    const { user } = await openForm();
    await fillBusiness(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(progress()).toBe('Step 2 of 5: Products and categories');

    await user.type(field('What you sell'), 'Sourdough and pastries');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(progress()).toBe('Step 2 of 5: Products and categories');
    expect(screen.getByText('Choose at least one category.')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: /^Crafts/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(progress()).toBe('Step 3 of 5: Market days and stall');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(progress()).toBe('Step 2 of 5: Products and categories');
    expect(field('What you sell').value).toBe('Sourdough and pastries');
    expect((screen.getByRole('checkbox', { name: /^Crafts/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /^Prepared food/ }) as HTMLInputElement).checked).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(progress()).toBe('Step 1 of 5: Business and contact');
    expect(field('Business name').value).toBe('Rania Bakes');
    expect(field('E-mail address').value).toBe('rania@example.com');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();

    // A step already passed can be reopened from the progress list; one not reached cannot.
    const steps = within(screen.getByRole('navigation', { name: 'Application steps' }));
    expect(steps.queryByRole('button', { name: /Products and categories/ })).toBeNull();
  });

  it('a reload restores the unsent answers and the step; Start over clears them for good', async () => {
    const first = await openForm();
    await fillBusiness(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    await first.user.type(field('What you sell'), 'Sourdough');
    expect(progress()).toBe('Step 2 of 5: Products and categories');
    first.unmount();

    const second = await openForm();
    const { user } = second;
    expect(screen.getByText('We restored the answers you had not sent yet.')).toBeTruthy();
    expect(progress()).toBe('Step 2 of 5: Products and categories');
    expect(field('What you sell').value).toBe('Sourdough');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(field('Business name').value).toBe('Rania Bakes');
    expect(field('Phone number').value).toBe('+971 50 123 4567');

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Start over' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('We restored the answers you had not sent yet.')).toBeNull();
    expect(progress()).toBe('Step 1 of 5: Business and contact');
    expect(field('Business name').value).toBe('');

    // Nothing is left to restore after starting over.
    second.unmount();
    await openForm();
    expect(screen.queryByText('We restored the answers you had not sent yet.')).toBeNull();
    expect(progress()).toBe('Step 1 of 5: Business and contact');
    expect(field('Business name').value).toBe('');
  });
});
