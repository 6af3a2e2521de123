import { fileUrl, thumbnailUrl } from '@parley/protocol/file';
import type { AttachedFile } from '@parley/protocol/file';
import type { FileRow } from '../../store/types';

// A files row → the protocol's attached_file. The same for every reader, so
// a message is serialized once per node for all of them (no per-user URLs).

export function toAttachedFile(row: FileRow): AttachedFile {
  const isImage = row.thumbnail_key !== null;
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    size: Number(row.size),
    mime: row.mime,
    is_image: isImage,
    width: row.width,
    height: row.height,
    url: fileUrl(row.key),
    thumbnail_url: isImage ? thumbnailUrl(row.key) : null,
  };
}
