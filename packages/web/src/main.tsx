// First: zod's settings hold for every schema the imports below build.
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setAuthFailureHandler } from './api/auth-failure';
import { ErrorBoundary } from './app/ErrorBoundary';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/routes';
import { registerServiceWorker } from './app/service-worker';
import { captureInstallPrompt } from './features/apps/install-store';
import { startChatBoot } from './app/boot/boot';
import { bootI18n } from './lib/i18n';
import { followThemeAcrossTabs } from './lib/theme';
import './app/theme.css';

// Captured before any screen renders: the browser fires beforeinstallprompt
// once, possibly long before the user opens /main/apps.
captureInstallPrompt();
// index.html's script set the chosen theme; from here on other tabs' choices follow.
followThemeAcrossTabs();

// Before the first render: the dictionary and, on the chat, its code and
// data, all in parallel. The i18n gate waits for the same dictionary load
// and for the chat's code, so the route renders the chat without suspending.
bootI18n().catch(() => undefined); // the gate shows a failure
const chatBoot = startChatBoot(window.location.pathname);

// A failed refresh or a 401 without a refresh token signs the user out (spec 4).
// Loaded on demand so the first chunk stays small.
setAuthFailureHandler(async () => {
  const { logout } = await import('./features/auth/logout');
  await logout();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <AppProviders screen={chatBoot.screen}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </ErrorBoundary>
  </StrictMode>,
);

registerServiceWorker(chatBoot.settled);
