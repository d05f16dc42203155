import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '../components/ui/page-skeleton';

/** Public pages (no sign-in): a simple frame without the staff shell. */
export function PublicLayout() {
  return (
    <div className="min-h-svh bg-background">
      <div className="mx-auto max-w-4xl p-4 md:p-8">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
