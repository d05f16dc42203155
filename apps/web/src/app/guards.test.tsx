import { platformRoutes } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, type ApiReply } from '../test/api-stub';
import { renderWithProviders } from '../test/render-with-providers';
import { RequirePermission } from './guards';
import { AuthProvider } from './session/auth-provider';
import { KEPT_ME_KEY } from './session/kept-me';
import { storeSession } from '../test/stored-session';

const USER = 'c17de4a5-8c9a-4d6f-9e1b-708192a3b4c5';
const OTHER = '5b0f3a4e-2d1c-4e8f-9a7b-6c5d4e3f2a1b';
const STAMP = '2025-01-01T00:00:00.000Z';

const me = (permissions: string[], userId = USER) =>
  platformRoutes.getMe.response.parse({
    user: { id: userId, email: 'cashier@example.test', phone: null, createdAt: STAMP },
    profile: null,
    organization: null,
    role: 'vendor_manager',
    effectiveRole: 'vendor_manager',
    permissions,
  });

/** GET /me answering with `reply`, or failing as fetch does without a connection. */
const serveMe = (reply: ApiReply | 'offline') =>
  stubApi([
    {
      method: 'GET',
      path: '/me',
      reply: () => {
        if (reply === 'offline') throw new TypeError('Failed to fetch');
        return reply;
      },
    },
  ]);

const renderRegister = () =>
  renderWithProviders(
    <AuthProvider>
      <RequirePermission permission="vendor_management">
        <p>The register</p>
      </RequirePermission>
    </AuthProvider>,
  );

/** Renders once online, so the answer is kept, as the page did before the connection was lost. */
async function visitOnline() {
  serveMe({ body: me(['dashboard', 'vendor_management']) });
  const online = await renderRegister();
  expect(await screen.findByText('The register')).toBeTruthy();
  online.unmount();
}

describe('RequirePermission without a connection', () => {
  it("opens the page with the user's permissions kept from the last answer when /me gets no answer", async () => {
    storeSession({ userId: USER, email: 'cashier@example.test' });
    await visitOnline();
    expect(JSON.parse(localStorage.getItem(KEPT_ME_KEY(USER))!).permissions).toContain('vendor_management');

    // Reloaded offline: the request fails on the network; the kept answer stands in.
    const offline = serveMe('offline');
    await renderRegister();
    expect(await screen.findByText('The register')).toBeTruthy();
    expect(screen.queryByTestId('no-access')).toBeNull();
    expect(offline.calls.map((c) => c.path)).toEqual(['/me']);
  });

  it('never puts the kept answer in place of a refusal (401 or 403)', async () => {
    storeSession({ userId: USER, email: 'cashier@example.test' });
    await visitOnline();
    for (const status of [401, 403]) {
      serveMe({ status, body: { error: { code: status === 401 ? 'unauthorized' : 'forbidden', message: 'No' } } });
      const view = await renderRegister();
      expect(await screen.findByTestId('no-access')).toBeTruthy();
      expect(screen.queryByText('The register')).toBeNull();
      view.unmount();
    }
  });

  it("does not use another user's kept answer", async () => {
    localStorage.setItem(KEPT_ME_KEY(OTHER), JSON.stringify(me(['dashboard', 'vendor_management'], OTHER)));
    storeSession({ userId: USER, email: 'cashier@example.test' });
    serveMe('offline');
    await renderRegister();
    // The fallback set of a failed /me has no vendor management.
    expect(await screen.findByTestId('no-access')).toBeTruthy();
  });

  it('asks the server again once it answers, and follows its answer', async () => {
    storeSession({ userId: USER, email: 'cashier@example.test' });
    await visitOnline();
    const offline = serveMe('offline');
    const view = await renderRegister();
    expect(await screen.findByText('The register')).toBeTruthy();
    expect(offline.calls.map((c) => c.path)).toEqual(['/me']);
    view.unmount();

    // Back online, the permission was taken away meanwhile: the kept copy is stale, so the server decides.
    serveMe({ body: me(['dashboard']) });
    await renderRegister();
    await waitFor(() => expect(screen.queryByTestId('no-access')).toBeTruthy());
    expect(JSON.parse(localStorage.getItem(KEPT_ME_KEY(USER))!).permissions).toEqual(['dashboard']);
  });
});
