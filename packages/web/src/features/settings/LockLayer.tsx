import { useLayoutEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

// The paranoid lock holds the whole page (issue 33): it is drawn in a layer
// of its own at the end of <body>, and everything else there — the app's
// root, dialogs and toasts in their own portals, and any opened while
// locked — is `inert` (no focus, no clicks, no find-in-page) and
// `aria-hidden` (out of the accessibility tree) until it unlocks. Covering
// it with an opaque box alone left the chat list and messages readable to
// a screen reader and reachable with Tab.

interface Was {
  inert: boolean;
  ariaHidden: string | null;
}

function hideBehind(layer: HTMLElement): () => void {
  const hidden = new Map<Element, Was>();
  const cover = () => {
    for (const element of Array.from(document.body.children)) {
      if (element === layer || hidden.has(element) || element.tagName === 'SCRIPT') continue;
      hidden.set(element, {
        inert: element.hasAttribute('inert'),
        ariaHidden: element.getAttribute('aria-hidden'),
      });
      element.setAttribute('inert', '');
      element.setAttribute('aria-hidden', 'true');
    }
  };
  cover();
  const observer = new MutationObserver(cover);
  observer.observe(document.body, { childList: true });
  return () => {
    observer.disconnect();
    for (const [element, was] of hidden) {
      if (!was.inert) element.removeAttribute('inert');
      if (was.ariaHidden === null) element.removeAttribute('aria-hidden');
      else element.setAttribute('aria-hidden', was.ariaHidden);
    }
  };
}

export function LockLayer({ children }: { children: ReactNode }) {
  const [layer] = useState(() => {
    const element = document.createElement('div');
    element.dataset.testid = 'app-lock-layer';
    return element;
  });
  useLayoutEffect(() => {
    document.body.append(layer);
    const reveal = hideBehind(layer);
    return () => {
      reveal();
      layer.remove();
    };
  }, [layer]);
  return createPortal(children, layer);
}
