import { getRouteApi, Link, Outlet, useRouterState } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TasksProvider } from '../../modules/bulk/tasks-context';
import { ImportProvider, useImportDocuments } from '../../modules/documents/import/import-context';
import { ImportDocumentButton } from '../../modules/documents/import/import-document-button';
import { setLastOrganizationId } from '../../modules/organizations/last-organization';
import { CommandPalette, CommandPaletteTrigger } from '../../modules/search/command-palette';
import { StorageBanner } from '../../modules/subscriptions/components/storage-banner';
import { UpgradeDialogHost } from '../../modules/subscriptions/components/upgrade-dialog-host';
import { Button } from '../../shared/ui/button';
import { Logo } from '../../shared/ui/logo';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../shared/ui/sheet';
import { OrganizationNav } from './organization-nav';
import { OrganizationSettingsNav } from './organization-settings-nav';
import { SkipLink } from './skip-link';
import { TopBar } from './top-bar';

const organizationRouteApi = getRouteApi('/private/organizations/$organizationId');

/** The bulk actions' Tasks panel, docked beside the import panel while that one is open. */
function TasksDock({ organizationId, children }: { organizationId: string; children: ReactNode }) {
  const { isPanelOpen } = useImportDocuments();
  return (
    <TasksProvider organizationId={organizationId} besideImportPanel={isPanelOpen}>
      {children}
    </TasksProvider>
  );
}

function SidebarBrand() {
  const { t } = useTranslation();
  return (
    <div className="flex h-14 shrink-0 items-center border-b px-4">
      <Link to="/" aria-label={t('layout.home-link')} className="inline-flex rounded-md">
        <Logo />
      </Link>
    </div>
  );
}

/** Organization pages: fixed sidebar on wide screens, a slide-in drawer below the lg breakpoint. */
export function OrganizationLayout() {
  const { t } = useTranslation();
  const { organizationId } = organizationRouteApi.useParams();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  const isInSettings = pathname.startsWith(`/organizations/${organizationId}/settings`);
  const Nav = isInSettings ? OrganizationSettingsNav : OrganizationNav;

  useEffect(() => {
    // The organization loaded (the route checked it): remember it for the next visit to /.
    setLastOrganizationId(organizationId);
  }, [organizationId]);

  useEffect(() => {
    // Close the drawer after any navigation (including back/forward).
    void pathname;
    setIsDrawerOpen(false);
  }, [pathname]);

  return (
    <ImportProvider organizationId={organizationId}>
      <TasksDock organizationId={organizationId}>
        <div className="min-h-dvh lg:pl-60">
          <SkipLink />
          <aside className="fixed inset-y-0 left-0 z-40 hidden w-60 flex-col border-r bg-surface lg:flex">
            <SidebarBrand />
            <Nav organizationId={organizationId} />
          </aside>

          <Sheet open={isDrawerOpen} onOpenChange={setIsDrawerOpen}>
            <SheetContent>
              <SheetTitle className="sr-only">{t('layout.menu-title')}</SheetTitle>
              <SheetDescription className="sr-only">{t('layout.organization-navigation')}</SheetDescription>
              <SidebarBrand />
              <Nav organizationId={organizationId} onNavigate={() => setIsDrawerOpen(false)} />
            </SheetContent>
          </Sheet>

          <div className="flex min-h-dvh flex-col">
            <TopBar
              actions={<ImportDocumentButton />}
              leading={
                <>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="lg:hidden"
                    aria-label={t('layout.open-menu')}
                    aria-expanded={isDrawerOpen}
                    onClick={() => setIsDrawerOpen(true)}
                  >
                    <Menu aria-hidden="true" />
                  </Button>
                  <Link
                    to="/"
                    aria-label={t('layout.home-link')}
                    className="inline-flex rounded-md lg:hidden"
                  >
                    <Logo />
                  </Link>
                  <CommandPaletteTrigger />
                </>
              }
            />
            <main
              id="main-content"
              tabIndex={-1}
              className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8"
            >
              <StorageBanner organizationId={organizationId} />
              <Outlet />
            </main>
          </div>
          <CommandPalette />
          <UpgradeDialogHost organizationId={organizationId} />
        </div>
      </TasksDock>
    </ImportProvider>
  );
}
