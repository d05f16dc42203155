import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { I18nProvider, useI18n } from '../app/i18n/i18n-provider';
import { loadPublicConfig, type PublicConfig } from '../lib/config';

const TEST_CONFIG: PublicConfig = {
  version: 'test',
  anonKey: 'test-anon-key',
  vendorHost: null,
  publicUrl: 'http://localhost:3000',
  map: { tileUrl: '', attribution: '' },
};

/** The config the server writes into index.html; the auth client (read by the i18n provider) needs it. */
async function ensureConfig() {
  (window as { __MARKET_CONFIG__?: PublicConfig }).__MARKET_CONFIG__ = TEST_CONFIG;
  await loadPublicConfig();
}

/** Like the app's RequireI18n: the page renders once the languages and translations have arrived. */
function I18nReady({ children }: { children: ReactNode }) {
  const { ready } = useI18n();
  return ready ? <>{children}</> : <div data-testid="i18n-loading" />;
}

export interface ProvidersOptions {
  /** The router's location (MemoryRouter). */
  route?: string;
  queryClient?: QueryClient;
}

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
}

/**
 * Renders through the app's own providers: TanStack Query, a MemoryRouter and the real I18nProvider fed
 * by the stubbed /api/v1/languages and /api/v1/translations (call `stubApi` first). Resolves once the
 * shipped English strings are in place.
 */
export async function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryClient = createTestQueryClient() }: ProvidersOptions = {},
): Promise<RenderResult & { user: ReturnType<typeof userEvent.setup>; queryClient: QueryClient }> {
  await ensureConfig();
  // No pause between simulated keys: the components do not debounce keystrokes, and it keeps typing fast.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <I18nProvider>
          <I18nReady>{ui}</I18nReady>
        </I18nProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await waitFor(() => {
    if (screen.queryByTestId('i18n-loading')) throw new Error('translations still loading');
  });
  return { ...result, user, queryClient };
}
