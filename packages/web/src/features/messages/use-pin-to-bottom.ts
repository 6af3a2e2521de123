import { useEffect, useRef } from 'react';

/** Closer than this to the end, in px, is at the end (sub-pixel layout). */
const AT_END = 1;

/**
 * Keeps the history at its very end while the reader is there, whatever
 * changes size after the rows were laid out: a picture or file card, a
 * caption formatted once the parser loads, the composer growing. Virtuoso
 * aims at the sum of its rows' measured heights, which it rounds to whole
 * pixels (offsetHeight); a chat of pictures with fractional heights added
 * up to 20–30 px short of the real end, the last row hid under the
 * composer, its read mark was never on screen and the chat stayed unread.
 * The scroller's own scrollHeight is the truth, so the end is taken from it.
 *
 * "At the end" is the reader's doing: reaching it pins, scrolling up away
 * from it unpins. Content that grows or a viewport that shrinks moves the
 * end without a scroll by the reader, so it does not unpin; Virtuoso's own
 * corrections move scrollTop down (rows above measured taller, a page
 * prepended) or keep the distance to the end, so they do not unpin either.
 *
 * `enabled`: the window is the live end of the chat (a jumped-to window
 * below which newer pages load is never pinned). `startPinned`: the list
 * opened at its end.
 */
export function usePinToBottom(
  root: HTMLElement | null,
  enabled: boolean,
  startPinned: boolean,
): void {
  const pinned = useRef(startPinned);

  useEffect(() => {
    if (!root || !enabled) return;
    const gapOf = () => root.scrollHeight - root.scrollTop - root.clientHeight;
    let lastTop = root.scrollTop;
    // Not pinned for being at the end now: before Virtuoso has placed the
    // rows (a list opened at its first unread) the empty scroller is "at
    // the end", and pinning there read the whole chat unseen.
    let lastGap = gapOf();
    const onScroll = () => {
      const gap = gapOf();
      if (gap <= AT_END) pinned.current = true;
      else if (root.scrollTop < lastTop && gap > lastGap + AT_END) pinned.current = false;
      lastTop = root.scrollTop;
      lastGap = gap;
    };
    let frame = 0;
    // After the frame's layout (and Virtuoso's own resize handling, which
    // also waits for the frame): to the real end when pinned.
    const settle = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (pinned.current && gapOf() > AT_END) root.scrollTop = root.scrollHeight;
        lastTop = root.scrollTop;
        lastGap = gapOf();
      });
    };
    const resizes = new ResizeObserver(settle);
    resizes.observe(root);
    const list = root.querySelector('[data-testid="virtuoso-item-list"]');
    if (list) resizes.observe(list);
    root.addEventListener('scroll', onScroll, { passive: true });
    settle();
    return () => {
      cancelAnimationFrame(frame);
      resizes.disconnect();
      root.removeEventListener('scroll', onScroll);
    };
  }, [root, enabled]);
}
