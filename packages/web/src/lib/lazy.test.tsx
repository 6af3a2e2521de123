import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Suspense, useEffect } from 'react';
import { lazyPage } from './lazy';

// Route screens are split into chunks (lazyPage). One whose chunk is already
// here must render in the first commit: React.lazy would suspend anyway, show
// the fallback, and hold the screen back until 300 ms after that fallback.

const fallback = <p>waiting</p>;

function Hello({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

describe('lazyPage', () => {
  it('renders a preloaded screen in the first commit, without the fallback', async () => {
    const Page = lazyPage(async () => ({ Hello }), 'Hello');
    await Page.preload();
    render(
      <Suspense fallback={fallback}>
        <Page name="Ann" />
      </Suspense>,
    );
    expect(screen.getByText('hello Ann')).toBeInTheDocument(); // no await: the first commit
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('shows the fallback until a chunk not yet loaded arrives, and loads it once', async () => {
    let arrive: (module: { Hello: typeof Hello }) => void = () => undefined;
    const load = vi.fn(() => new Promise<{ Hello: typeof Hello }>((resolve) => (arrive = resolve)));
    const Page = lazyPage(load, 'Hello');
    const preloading = Page.preload(); // the entry starts it, the route renders meanwhile
    render(
      <Suspense fallback={fallback}>
        <Page name="Bob" />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => {
      arrive({ Hello });
      await preloading;
    });
    expect(await screen.findByText('hello Bob')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a chunk again after a failed preload', async () => {
    const load = vi
      .fn<() => Promise<{ Hello: typeof Hello }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Hello });
    const Page = lazyPage(load, 'Hello');
    await expect(Page.preload()).rejects.toThrow('offline');
    render(
      <Suspense fallback={fallback}>
        <Page name="Cy" />
      </Suspense>,
    );
    expect(await screen.findByText('hello Cy')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps a screen mounted when its chunk arrives after it started suspended', async () => {
    let mounts = 0;
    function Counted({ name }: { name: string }) {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <p>counted {name}</p>;
    }
    const Page = lazyPage(async () => ({ Counted }), 'Counted');
    const { rerender } = render(
      <Suspense fallback={fallback}>
        <Page name="one" />
      </Suspense>,
    );
    expect(await screen.findByText('counted one')).toBeInTheDocument();
    // The chunk is in now: a re-render must not swap the instance for a direct one.
    rerender(
      <Suspense fallback={fallback}>
        <Page name="two" />
      </Suspense>,
    );
    expect(screen.getByText('counted two')).toBeInTheDocument();
    expect(mounts).toBe(1);
  });
});
