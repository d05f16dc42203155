import { Avatar as A } from 'radix-ui';
import { cn } from '../../lib/cn';

export function initialsOf(name: string | null | undefined, email: string | null | undefined): string {
  const source = (name || email || '?').trim();
  const parts = source.split(/[\s@._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase();
}

export function Avatar({
  src,
  name,
  email,
  className,
}: {
  src?: string | null;
  name?: string | null;
  email?: string | null;
  className?: string;
}) {
  return (
    <A.Root
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted text-xs font-medium',
        className,
      )}
    >
      {src && <A.Image src={src} alt="" className="size-full object-cover" />}
      <A.Fallback delayMs={src ? 300 : 0}>{initialsOf(name, email)}</A.Fallback>
    </A.Root>
  );
}
