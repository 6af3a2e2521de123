// Content-Disposition with a file name any browser reads right (RFC 6266):
// an ASCII fallback in `filename` (quotes, backslashes and non-ASCII
// replaced) and the exact name in `filename*` as UTF-8, percent-encoded.

export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
