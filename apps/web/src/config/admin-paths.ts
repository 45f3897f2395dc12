/**
 * The operator console's URLs. Apart from config/paths.ts, which the viewer's first load carries:
 * only the console (a lazy section under /admin) imports these.
 */
export const adminPaths = {
  home: { path: '/admin', href: () => '/admin' },
  titles: { path: '/admin/titles', href: () => '/admin/titles' },
  newTitle: { path: '/admin/titles/new', href: () => '/admin/titles/new' },
  title: { path: '/admin/titles/:id', href: (id: string) => `/admin/titles/${encodeURIComponent(id)}` },
  layout: { path: '/admin/layout', href: () => '/admin/layout' },
  plans: { path: '/admin/plans', href: () => '/admin/plans' },
  settings: { path: '/admin/settings', href: () => '/admin/settings' },
  staff: { path: '/admin/staff', href: () => '/admin/staff' },
  audit: { path: '/admin/audit', href: () => '/admin/audit' },
  viewers: { path: '/admin/viewers', href: () => '/admin/viewers' },
  payments: { path: '/admin/payments', href: () => '/admin/payments' },
  payment: { path: '/admin/payments/:id', href: (id: string) => `/admin/payments/${encodeURIComponent(id)}` },
  jobs: { path: '/admin/jobs', href: () => '/admin/jobs' },
  feeds: { path: '/admin/feeds', href: () => '/admin/feeds' },
  viewer: { path: '/admin/viewers/:id', href: (id: string) => `/admin/viewers/${encodeURIComponent(id)}` },
  notifications: { path: '/admin/notifications', href: () => '/admin/notifications' },
  contactMessages: { path: '/admin/contact-messages', href: () => '/admin/contact-messages' },
  contactMessage: { path: '/admin/contact-messages/:id', href: (id: string) => `/admin/contact-messages/${encodeURIComponent(id)}` },
} as const;
