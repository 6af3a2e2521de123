import type { LinkPreview } from '@parley/protocol/link-preview';
import './LinkPreviewCard.css';

/** Wide images go on top in a box of their own proportions (clamped); the rest sit small at the side. */
const WIDE_FROM = 1.3;
const RATIO_MIN = 1.3;
const RATIO_MAX = 2.4;

/**
 * The card under a message's text. Presentational: the preview arrives as a
 * prop. Every text from the page is rendered as text, never as HTML; the
 * image comes from Parley (the server made the thumbnail), and its box has
 * its size before the image loads, so the list does not jump.
 */
export function LinkPreviewCard({ preview, label }: { preview: LinkPreview; label: string }) {
  const { image } = preview;
  const ratio = image ? image.width / image.height : 0;
  const wide = image !== null && ratio >= WIDE_FROM && image.width >= 240;
  const picture = image ? (
    <img src={image.url} alt="" width={image.width} height={image.height} loading="lazy" />
  ) : null;
  return (
    <aside className="link-card-frame" aria-label={label}>
      <a
        className={`link-card${wide ? ' is-wide' : ''}`}
        href={preview.url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="link-preview"
      >
        {wide ? (
          <span
            className="link-card-media"
            style={{ aspectRatio: String(Math.min(RATIO_MAX, Math.max(RATIO_MIN, ratio))) }}
          >
            {picture}
          </span>
        ) : null}
        <span className="link-card-body">
          {preview.site_name ? <span className="link-card-site">{preview.site_name}</span> : null}
          {preview.title ? (
            <span className="link-card-title" data-testid="link-preview-title">
              {preview.title}
            </span>
          ) : null}
          {preview.description ? (
            <span className="link-card-description">{preview.description}</span>
          ) : null}
        </span>
        {image && !wide ? <span className="link-card-thumb">{picture}</span> : null}
      </a>
    </aside>
  );
}
