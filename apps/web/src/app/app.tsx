import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { Direction } from 'radix-ui';
import { Toaster } from 'sonner';
import { PageSkeleton } from '../components/ui/page-skeleton';
import { shouldRetryQuery } from '../lib/query-retry';
import { AuthProvider } from './session/auth-provider';
import { I18nProvider, useI18n } from './i18n/i18n-provider';
import { ThemeProvider } from './theme/theme-provider';
import { createAppRouter, preloadCurrentRoute } from './router';

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false } } });
}

/** Radix primitives (tabs, menus, sliders) follow the language's direction. */
function Directed({ children }: { children: React.ReactNode }) {
  const { direction } = useI18n();
  return <Direction.Provider dir={direction}>{children}</Direction.Provider>;
}

function Toasts() {
  const { direction } = useI18n();
  return (
    <Toaster
      position="bottom-right"
      visibleToasts={3}
      duration={4000}
      gap={14}
      hotkey={['altKey', 'KeyT']}
      dir={direction}
      richColors
      closeButton
    />
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    preloadCurrentRoute(window.location.pathname, queryClient);
    return createAppRouter();
  });
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          <I18nProvider>
            <Directed>
              <Suspense fallback={<PageSkeleton />}>
                <RouterProvider router={router} />
              </Suspense>
              <Toasts />
            </Directed>
          </I18nProvider>
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
