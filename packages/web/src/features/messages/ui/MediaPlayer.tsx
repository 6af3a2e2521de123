import type { AttachedFile } from '@parley/protocol/file';
import { formatSize } from '@parley/protocol/rules/format-size';

/** Video and audio play in the bubble; other files stay download cards. */
export const playableKind = (mime: string): 'video' | 'audio' | null =>
  mime.startsWith('video/') ? 'video' : mime.startsWith('audio/') ? 'audio' : null;

/**
 * A video or a sound in a bubble, played from the file's URL: the element
 * sends the `token` cookie and the server answers byte ranges (206), so
 * seeking works without downloading the whole file. Only the metadata is
 * loaded before the user presses play. The server serves these as
 * attachments under a sandboxing CSP: a media element plays them, nothing
 * in them can run in the app's origin.
 */
export function MediaPlayer({
  file,
  kind,
  onError,
}: {
  file: AttachedFile;
  kind: 'video' | 'audio';
  onError?: () => void;
}) {
  return (
    <figure className={`msg-media msg-media-${kind}`} data-testid={`message-${kind}`}>
      {kind === 'video' ? (
        <video
          src={file.url}
          controls
          preload="metadata"
          playsInline
          onError={onError}
          aria-label={file.name}
        />
      ) : (
        <audio
          src={file.url}
          controls
          preload="metadata"
          onError={onError}
          aria-label={file.name}
        />
      )}
      <figcaption className="msg-media-name">
        <span className="msg-file-name">{file.name}</span>
        <span className="msg-file-size">{formatSize(file.size)}</span>
      </figcaption>
    </figure>
  );
}
