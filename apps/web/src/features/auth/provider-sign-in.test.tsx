import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import { ProviderSignIn, readProviderError } from './provider-sign-in';

/** /auth/v1/settings as the server answers it, beside the stubbed /api/v1 (languages and translations). */
function stubSettings(reply: { status: number; body: unknown }) {
  const api = stubApi();
  const settings = vi.fn(
    async () => new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input.toString() : input.url, window.location.origin);
    return url.pathname === '/auth/v1/settings' ? settings() : api.fetch(input, init);
  });
  return settings;
}

describe('the sign-in page’s provider button (decision 027)', () => {
  it('offers "Continue with <name>" when the server has a provider', async () => {
    const settings = stubSettings({
      status: 200,
      body: { external: { email: true, acme: true }, oidc: { provider: 'acme', name: 'Acme Login' } },
    });
    await renderWithProviders(<ProviderSignIn returnUrl="http://localhost:3000/auth" />);
    expect((await screen.findByRole('button', { name: 'Continue with Acme Login' })).hasAttribute('disabled')).toBe(false);
    expect(settings).toHaveBeenCalled();
  });

  it('offers nothing when no provider is configured, or when the settings cannot be read', async () => {
    const none = stubSettings({ status: 200, body: { external: { email: true }, oidc: null } });
    const first = await renderWithProviders(<ProviderSignIn returnUrl="http://localhost:3000/auth" />);
    await waitFor(() => expect(none).toHaveBeenCalled());
    expect(screen.queryByTestId('provider-sign-in')).toBeNull();
    first.unmount();

    const failing = stubSettings({ status: 503, body: { code: 503, error_code: 'unexpected_failure', msg: 'down' } });
    await renderWithProviders(<ProviderSignIn returnUrl="http://localhost:3000/auth" />);
    await waitFor(() => expect(failing).toHaveBeenCalled());
    expect(screen.queryByTestId('provider-sign-in')).toBeNull();
  });

  it('says why the provider round trip failed, from the fragment GoTrue sends back, and clears it', async () => {
    expect(readProviderError('#access_token=x')).toBeNull();
    expect(readProviderError('#error=server_error&error_code=bad_jwt&error_description=token+expired')).toEqual({
      code: 'bad_jwt',
      description: 'token expired',
    });
    window.history.replaceState(null, '', '/auth?next=%2Fusers#error=access_denied&error_description=The+user+cancelled');
    stubSettings({ status: 200, body: { external: { email: true, acme: true }, oidc: { provider: 'acme', name: 'Acme Login' } } });
    await renderWithProviders(<ProviderSignIn returnUrl="http://localhost:3000/auth" />);
    expect((await screen.findByRole('alert')).textContent).toBe('Signing in with your provider did not work: The user cancelled');
    expect(window.location.hash).toBe('');
    expect(window.location.search).toBe('?next=%2Fusers');
    await screen.findByRole('button', { name: 'Continue with Acme Login' });
  });
});
