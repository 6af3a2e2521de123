import { Navigate, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { ChatShellPage } from './boot/boot';
import { DirectRedirect, PublicOnly, RequireAuth } from './guards';
import { lazyPage } from '../lib/lazy';
import { RootLayout } from './RootLayout';

// Spec 2 routes, exactly. Each screen is its own chunk (js/chunks/).
// Declarative routing (BrowserRouter + useRoutes), not a data router: no
// route has a loader or an action, and createBrowserRouter's data layer was
// 17 KB gzip of the first load. Errors in a screen are caught by the error
// boundary RootLayout puts around it.
const HomePage = lazyPage(() => import('./HomePage'), 'HomePage');
const DirectLinkPage = lazyPage(
  () => import('../features/direct/DirectLinkPage'),
  'DirectLinkPage',
);
const JoinPage = lazyPage(() => import('../features/invite/JoinPage'), 'JoinPage');
const MainPage = lazyPage(() => import('../features/landing/MainPage'), 'MainPage');
const AppsPage = lazyPage(() => import('../features/apps/AppsPage'), 'AppsPage');

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        path: '/',
        element: (
          <PublicOnly>
            <HomePage />
          </PublicOnly>
        ),
      },
      { path: '/to/:username', element: <DirectLinkPage /> },
      { path: '/direct/:username', element: <DirectRedirect /> },
      {
        path: '/conversations/join/:join_token',
        element: (
          <RequireAuth returnHere>
            <JoinPage />
          </RequireAuth>
        ),
      },
      {
        path: '/chat/:id?',
        element: (
          <RequireAuth>
            <ChatShellPage />
          </RequireAuth>
        ),
      },
      { path: '/main', element: <MainPage /> },
      { path: '/main/apps', element: <AppsPage /> },
      { path: '*', element: <Navigate to="/main" replace /> },
    ],
  },
];

/** The routes above, rendered for the current location. */
export function AppRoutes() {
  return useRoutes(routes);
}
