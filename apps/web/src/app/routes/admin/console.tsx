import { roleCan, type Capability, type ConsoleMe } from '@marquee/contract/admin';
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, NavLink, Outlet, Route, Routes } from 'react-router';
import { retryingPageLoad } from '@/app/page-loader';
import { PageMessage } from '@/components/layout/page-message';
import { buttonClass } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { adminPaths } from '@/config/admin-paths';
import { paths } from '@/config/paths';
import { useConsoleMe } from '@/features/admin/api/get-console-me';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useCurrentSession } from '@/lib/session-store';

/** The console's sections, each shown to the roles that may use it (the server checks every call again). */
const sections: { label: string; href: string; capability: Capability }[] = [
  { label: 'Titles', href: adminPaths.titles.href(), capability: 'readCatalog' },
  { label: 'Home layout', href: adminPaths.layout.href(), capability: 'readCatalog' },
  { label: 'Plans', href: adminPaths.plans.href(), capability: 'readCatalog' },
  { label: 'Site settings', href: adminPaths.settings.href(), capability: 'readCatalog' },
  { label: 'Jobs', href: adminPaths.jobs.href(), capability: 'readCatalog' },
  { label: 'Partner feeds', href: adminPaths.feeds.href(), capability: 'readCatalog' },
  { label: 'Viewers', href: adminPaths.viewers.href(), capability: 'serveViewers' },
  { label: 'Payments', href: adminPaths.payments.href(), capability: 'serveViewers' },
  { label: 'Notifications', href: adminPaths.notifications.href(), capability: 'serveViewers' },
  { label: 'Contact messages', href: adminPaths.contactMessages.href(), capability: 'serveViewers' },
  { label: 'Staff', href: adminPaths.staff.href(), capability: 'administer' },
  { label: 'Audit log', href: adminPaths.audit.href(), capability: 'administer' },
];

/**
 * The console's frame (its own chunk, never in a viewer's bundle): signed-out visitors go to sign
 * in, accounts without an operator role get a refusal, operators get the sections of their role.
 */
export function Component() {
  const session = useCurrentSession();
  if (!session) return <Navigate to={paths.login.href()} replace />;
  return <OperatorGate />;
}

function OperatorGate() {
  const me = useConsoleMe();
  if (me.isPending) return <PageSpinner />;
  if (me.isError) return <ConsoleRefusal error={me.error} />;
  return <ConsoleRoutes me={me.data} />;
}

function ConsoleRefusal({ error }: { error: Error }) {
  const status = error instanceof ApiError ? error.status : null;
  if (status === 401) return <Navigate to={paths.login.href()} replace />;
  return (
    <main id="main" className="min-h-dvh bg-zinc-950 px-4 text-zinc-100">
      <PageMessage title={status === 403 ? 'This area is for Marquee staff' : 'The console could not be loaded'}>
        <p>{status === 403 ? 'Your account does not have an operator role. If you need access, ask an administrator.' : error.message}</p>
        <a href={paths.home.href()} className={buttonClass({ className: 'mt-6' })}>
          Back to Marquee
        </a>
      </PageMessage>
    </main>
  );
}

/** A console page as its own chunk, with the same retry as the site's pages. */
function page(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(retryingPageLoad(() => load().then((module) => ({ default: module.Component }))));
}

const TitlesPage = page(() => import('./titles'));
const NewTitlePage = page(() => import('./title-new'));
const TitlePage = page(() => import('./title-edit'));
const LayoutPage = page(() => import('./layout'));
const PlansPage = page(() => import('./plans'));
const SettingsPage = page(() => import('./settings'));
const JobsPage = page(() => import('./jobs'));
const FeedsPage = page(() => import('./feeds'));
const ViewersPage = page(() => import('./viewers'));
const ViewerPage = page(() => import('./viewer'));
const PaymentsPage = page(() => import('./payments'));
const PaymentPage = page(() => import('./payment'));
const NotificationsPage = page(() => import('./notifications'));
const ContactMessagesPage = page(() => import('./contact-messages'));
const ContactMessagePage = page(() => import('./contact-message'));
const StaffPage = page(() => import('./staff'));
const AuditPage = page(() => import('./audit'));
const NotFoundPage = page(() => import('../not-found'));

/**
 * The console's pages. They are routes of this chunk (descendant routes) rather than of the app's
 * router, so the viewer's first load carries one '/admin/*' entry and nothing else of the console.
 */
function ConsoleRoutes({ me }: { me: ConsoleMe }) {
  return (
    <Routes>
      <Route element={<ConsoleFrame me={me} />}>
        <Route index element={<Navigate to={adminPaths.titles.href()} replace />} />
        <Route path={within(adminPaths.titles.path)} element={<TitlesPage />} />
        <Route path={within(adminPaths.newTitle.path)} element={<NewTitlePage />} />
        <Route path={within(adminPaths.title.path)} element={<TitlePage />} />
        <Route path={within(adminPaths.layout.path)} element={<LayoutPage />} />
        <Route path={within(adminPaths.plans.path)} element={<PlansPage />} />
        <Route path={within(adminPaths.settings.path)} element={<SettingsPage />} />
        <Route path={within(adminPaths.jobs.path)} element={<JobsPage />} />
        <Route path={within(adminPaths.feeds.path)} element={<FeedsPage />} />
        {roleCan(me.role, 'serveViewers') && <Route path={within(adminPaths.viewers.path)} element={<ViewersPage />} />}
        {roleCan(me.role, 'serveViewers') && <Route path={within(adminPaths.viewer.path)} element={<ViewerPage />} />}
        {roleCan(me.role, 'serveViewers') && <Route path={within(adminPaths.payments.path)} element={<PaymentsPage />} />}
        {roleCan(me.role, 'serveViewers') && <Route path={within(adminPaths.payment.path)} element={<PaymentPage />} />}
        {roleCan(me.role, 'serveViewers') && <Route path={within(adminPaths.notifications.path)} element={<NotificationsPage />} />}
        {roleCan(me.role, 'serveViewers') && <Route path={within(adminPaths.contactMessages.path)} element={<ContactMessagesPage />} />}
        {roleCan(me.role, 'serveViewers') && <Route path={within(adminPaths.contactMessage.path)} element={<ContactMessagePage />} />}
        {roleCan(me.role, 'administer') && <Route path={within(adminPaths.staff.path)} element={<StaffPage />} />}
        {roleCan(me.role, 'administer') && <Route path={within(adminPaths.audit.path)} element={<AuditPage />} />}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** Descendant routes match what follows '/admin/'. */
function within(path: string): string {
  return path.slice(adminPaths.home.path.length + 1);
}

function ConsoleFrame({ me }: { me: ConsoleMe }) {
  const visible = sections.filter((section) => roleCan(me.role, section.capability));

  return (
    <div className="flex min-h-dvh flex-col bg-zinc-950 text-zinc-100 md:flex-row">
      <a href="#main" className="sr-only z-50 rounded-md bg-amber-400 px-4 py-2 font-semibold text-zinc-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <aside className="border-b border-white/10 bg-zinc-900/60 p-4 md:w-60 md:shrink-0 md:border-r md:border-b-0">
        <p className="text-lg font-bold text-amber-400">Marquee console</p>
        <p className="mt-1 truncate text-sm text-zinc-300">{me.name}</p>
        <p className="text-xs text-zinc-400 capitalize">{me.role}</p>
        <nav aria-label="Console" className="mt-6">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {visible.map((section) => (
              <li key={section.href}>
                <NavLink
                  to={section.href}
                  className={({ isActive }) => cn('block rounded-md px-3 py-2 text-sm hover:bg-white/10', isActive ? 'bg-white/10 font-semibold text-white' : 'text-zinc-300')}
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <a href={paths.home.href()} className="mt-6 block text-sm text-zinc-400 hover:text-white">
          ← Back to the site
        </a>
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-8">
        <Suspense fallback={<PageSpinner />}>
          <Outlet context={me} />
        </Suspense>
      </main>
    </div>
  );
}
