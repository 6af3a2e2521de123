import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { hasCredentials } from '../lib/tokens';
import { json, mockFetch, resetBrowserState, sampleUser, signIn } from '../test/http-fixtures';
import { useSessionStore } from '../features/auth/session-store';
import { useAuthStore } from '../features/auth/store';
import { AppRoutes } from './routes';

/** Where the app is now: written by a probe inside the router. */
const current = { pathname: '', search: '' };

function LocationProbe() {
  const location = useLocation();
  current.pathname = location.pathname;
  current.search = location.search;
  return null;
}

function go(path: string) {
  useSessionStore.setState({ authenticated: hasCredentials() });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { state: { location: current } };
}

/** A lazy route chunk imported for the first time in this worker. */
const LAZY_CHUNK_MS = 10_000;

describe('routes and guards (spec 2)', () => {
  beforeEach(() => {
    resetBrowserState();
    useAuthStore.getState().signedOut();
    mockFetch((url) =>
      url.endsWith('/user') ? json(200, sampleUser) : json(404, { message: 'Not found.' }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends /chat without credentials to /', async () => {
    const router = go('/chat');
    expect(await screen.findByTestId('tab-login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends the join page without credentials to /', async () => {
    const router = go('/conversations/join/abc');
    await screen.findByTestId('tab-login');
    expect(router.state.location.pathname).toBe('/');
    // …remembering the invite for after signing in.
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/conversations/join/abc',
    );
  });

  it('sends a signed-in visitor from /?next= back to the invite page', async () => {
    signIn('tok', null);
    const router = go('/?next=%2Fconversations%2Fjoin%2Fabc');
    await screen.findByTestId('join-page', {}, { timeout: LAZY_CHUNK_MS });
    expect(router.state.location.pathname).toBe('/conversations/join/abc');
  });

  it('ignores a hostile next and goes to /chat', async () => {
    signIn('tok', null);
    const router = go('/?next=%2F%2Fevil.example%2Fx');
    await screen.findByTestId('chat-shell', {}, { timeout: LAZY_CHUNK_MS });
    expect(router.state.location.pathname).toBe('/chat');
  });

  it('sends / with a token cookie to /chat', async () => {
    signIn('tok', null);
    const router = go('/');
    // The first test to open the chat also loads its lazy chunk (transformed on first import).
    expect(
      await screen.findByTestId('chat-shell', {}, { timeout: LAZY_CHUNK_MS }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chat');
  });

  it('sends / with only a refresh token to /chat', async () => {
    localStorage.setItem('refresh_token', 'r');
    const router = go('/');
    await screen.findByTestId('chat-shell', {}, { timeout: LAZY_CHUNK_MS });
    expect(router.state.location.pathname).toBe('/chat');
  });

  it('shows the empty states of the chat shell and loads the user', async () => {
    signIn();
    go('/chat');
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    expect(screen.getByText('Select a chat to start messaging')).toBeInTheDocument();
    await waitFor(() => expect(useAuthStore.getState().user).toEqual(sampleUser));
  });

  it('says "Conversation not found" for an unknown id', async () => {
    signIn();
    go('/chat/42');
    expect(await screen.findByText('Conversation not found')).toBeInTheDocument();
  });

  it('redirects an unknown path to /main', async () => {
    const router = go('/nowhere/at/all');
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Your conversations, on your own server',
    );
  });

  it('redirects /direct/x to /to/x', async () => {
    const alice = { id: 3, name: 'Alice Liddell', username: 'alice', avatar: null };
    mockFetch((url) =>
      url.endsWith('/to/alice')
        ? json(200, { kind: 'user', user: alice })
        : json(404, { message: 'Not found.' }),
    );
    const router = go('/direct/alice');
    expect(await screen.findByText('@alice')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/to/alice');
  });

  it('serves /main/apps publicly', async () => {
    go('/main/apps');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Parley apps');
  });
});
