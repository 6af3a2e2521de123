import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import type { LinkPreview } from '@parley/protocol/link-preview';
import { json, mockFetch, resetBrowserState, signIn } from '../../test/http-fixtures';
import { forgetLinkPreviews } from './link-previews';
import { MessageLinkPreview } from './MessageLinkPreview';

const card: LinkPreview = {
  url: 'https://example.org/a',
  site_name: 'Example',
  title: '<img src=x onerror=alert(1)> Title',
  description: 'A <b>bold</b> claim',
  image: { url: '/api/v1/link-previews/images/AAAAAAAAAAAAAAAAAAAAAA', width: 400, height: 200 },
};

describe('MessageLinkPreview', () => {
  afterEach(() => {
    forgetLinkPreviews();
    resetBrowserState();
  });

  it('asks the server once per message and link, and renders page text as text', async () => {
    signIn();
    const fetch = mockFetch((url) =>
      url.endsWith('/user/messages/7/link-preview')
        ? json(200, { status: 'ok', preview: card })
        : json(404, { message: 'Not found.' }),
    );
    const text = 'see https://example.org/a and https://example.net/b';
    const { container, unmount } = render(<MessageLinkPreview messageId={7} text={text} />);
    const link = await screen.findByTestId('link-preview');
    expect(link).toHaveAttribute('href', 'https://example.org/a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByTestId('link-preview-title')).toHaveTextContent(card.title ?? '');
    expect(container.querySelector('b')).toBeNull();
    // Only the thumbnail, served by Parley, with its box sized before it loads.
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', card.image?.url);
    expect(container.querySelector('.link-card-media')).toHaveStyle({ aspectRatio: '2' });

    unmount();
    render(<MessageLinkPreview messageId={7} text={text} />);
    expect(await screen.findByTestId('link-preview')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for a message without a link, and shows nothing when there is no card', async () => {
    signIn();
    const fetch = mockFetch(() => json(200, { status: 'ok', preview: null }));
    render(<MessageLinkPreview messageId={8} text="no address here" />);
    expect(fetch).not.toHaveBeenCalled();
    const { container } = render(<MessageLinkPreview messageId={9} text="https://example.org" />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(container).toBeEmptyDOMElement();
  });
});
