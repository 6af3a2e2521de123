// Copying text (a bot's token, a message): the Clipboard API needs a secure context (https or
// localhost); a self-hosted server on plain http has none. Then the text's
// element is selected and the old execCommand('copy') tried; when that
// fails too, the text stays selected for the user to copy.

/** Selects the element's text (an input's value, or a node's contents). */
export function selectText(element: HTMLElement): void {
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    element.focus();
    element.select();
    return;
  }
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/** 'copied', or 'selected' when the user must copy the (now selected) text. */
export async function copyText(text: string, element: HTMLElement): Promise<'copied' | 'selected'> {
  if (window.isSecureContext && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return 'copied';
    } catch {
      // refused (permissions): fall back below
    }
  }
  selectText(element);
  try {
    // Deprecated but the only way without the Clipboard API; it copies the selection.
    return document.execCommand('copy') ? 'copied' : 'selected';
  } catch {
    return 'selected';
  }
}

/**
 * Copies text that is not on screen as such (a message without its
 * markers, several messages joined): the fallback copies it from an
 * off-screen field, removed again. false: nothing could copy it.
 */
export async function copyPlainText(text: string): Promise<boolean> {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.left = '-9999px';
  const focused = document.activeElement;
  document.body.append(field);
  try {
    return (await copyText(text, field)) === 'copied';
  } finally {
    field.remove();
    if (focused instanceof HTMLElement) focused.focus({ preventScroll: true });
  }
}
