import { platformRoutes } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../../app/session/auth-provider';
import { stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import { storeSession } from '../../test/stored-session';
import ProfileDialog from './profile-dialog';

const USER = 'c17de4a5-8c9a-4d6f-9e1b-708192a3b4c5';
const STAMP = '2025-01-01T00:00:00.000Z';

describe('profile dialog', () => {
  it('keeps what the user typed when the stored profile arrives afterwards', async () => {
    storeSession({ userId: USER, email: 'rania@example.test', userMetadata: { full_name: 'Product Team' } });
    let answerProfile!: () => void;
    const profileAsked = new Promise<void>((resolve) => (answerProfile = resolve));
    stubApi([
      {
        method: 'GET',
        path: '/me',
        reply: () => ({
          body: platformRoutes.getMe.response.parse({
            user: { id: USER, email: 'rania@example.test', phone: null, createdAt: STAMP },
            profile: null,
            organization: null,
            role: 'product_team',
            effectiveRole: 'product_team',
            permissions: [],
          }),
        }),
      },
      {
        method: 'GET',
        path: '/profile',
        // The stored profile answers only after the user has typed (a slow network, a busy server).
        reply: async () => {
          await profileAsked;
          return {
            body: { id: USER, userId: USER, fullName: 'Product Team', email: 'rania@example.test', avatarUrl: null, updatedAt: STAMP },
          };
        },
      },
    ]);
    const { user, queryClient } = await renderWithProviders(
      <AuthProvider>
        <ProfileDialog open onOpenChange={() => {}} />
      </AuthProvider>,
    );
    const name = (await screen.findByLabelText('Full Name')) as HTMLInputElement;
    // The user sees the signed-in name (from the session, read from storage as the page starts), then replaces it.
    // Clearing an input that is still empty changes nothing, so the test waits for it as the user would.
    await waitFor(() => expect(name.value).toBe('Product Team'));
    await user.clear(name);
    await user.type(name, 'Rania Haddad');
    answerProfile();
    // The stored profile has arrived ...
    await waitFor(() => expect(queryClient.getQueryState(['profile', USER])?.status).toBe('success'));
    await new Promise((r) => setTimeout(r, 20));
    // ... and the name is still the one typed.
    expect(name.value).toBe('Rania Haddad');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('rania@example.test');
  });
});
