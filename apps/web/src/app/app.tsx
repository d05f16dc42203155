import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { Direction } from 'radix-ui';
import { PageSkeleton } from '../components/ui/page-skeleton';
import { shouldRetryQuery } from '../lib/query-retry';
import { afterStart } from './session/after-start';
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

// The toaster is not needed for the first page: it loads after start-up (sonner replays the toasts raised before).
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

function Toasts() {
  const { direction } = useI18n();
  const [started, setStarted] = useState(false);
  useEffect(() => afterStart(() => setStarted(true)), []);
  if (!started) return null;
  return (
    <Suspense fallback={null}>
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
    </Suspense>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [start] = useState(() => ({ modules: preloadCurrentRoute(window.location.pathname, queryClient), router: createAppRouter() }));
  // The first page renders once its modules are in, so it does not suspend behind a fallback (see router.tsx).
  const [modulesIn, setModulesIn] = useState(start.modules === null);
  useEffect(() => {
    let live = true;
    void start.modules?.then(() => live && setModulesIn(true));
    return () => {
      live = false;
    };
  }, [start]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          <I18nProvider>
            <Directed>
              <Suspense fallback={<PageSkeleton />}>{modulesIn ? <RouterProvider router={start.router} /> : <PageSkeleton />}</Suspense>
              <Toasts />
            </Directed>
          </I18nProvider>
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
