import { Command } from 'cmdk';
import { Dialog } from 'radix-ui';
import { useNavigate } from 'react-router';
import { useT } from '../../app/i18n/i18n-provider';
import { visibleGroups, type Viewer } from './nav-items';

/** Search over the pages the viewer may open; products, vendors and orders join as their areas land. */
export default function CommandPalette({
  open,
  onOpenChange,
  viewer,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  viewer: Viewer;
}) {
  const t = useT();
  const navigate = useNavigate();
  const pages = visibleGroups(viewer).flatMap((g) => g.items);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed start-1/2 top-[15vh] z-50 w-[min(36rem,calc(100vw-2rem))] overflow-hidden rounded-lg border bg-card shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2">
          <Dialog.Title className="sr-only">{t('command.title')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('command.search')}</Dialog.Description>
          <Command label={t('command.title')}>
            <Command.Input
              autoFocus
              placeholder={t('command.search')}
              className="h-11 w-full border-b bg-transparent px-3 text-sm outline-none"
            />
            <Command.List className="max-h-80 overflow-y-auto p-1">
              <Command.Empty className="px-3 py-6 text-center text-sm text-muted-foreground">{t('command.empty')}</Command.Empty>
              <Command.Group
                heading={t('command.pages')}
                className="text-xs text-muted-foreground [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5"
              >
                {pages.map((p) => (
                  <Command.Item
                    key={p.route}
                    value={`${t(p.key)} ${p.route}`}
                    onSelect={() => {
                      onOpenChange(false);
                      navigate(p.route);
                    }}
                    className="flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm text-foreground data-[selected=true]:bg-accent"
                  >
                    <p.icon className="size-4" aria-hidden />
                    {t(p.key)}
                  </Command.Item>
                ))}
              </Command.Group>
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
