import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../ui/toast';
import type { AttachedFile } from '@parley/protocol/file';
import { errorMessage } from '../../api/errors';
import { downloadFile, freshenImageToken } from './files-api';
import { FileAttachment } from './ui/FileAttachment';
import { ImageViewer } from './ui/ImageViewer';

/** A message's file with its behaviour: thumbnail retry, full view, download. */
export function MessageAttachment({ file }: { file: AttachedFile }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [open, setOpen] = useState(false);

  const download = () => {
    downloadFile(file).catch((error: unknown) =>
      toast.error(t('common.error'), { description: errorMessage(error) }),
    );
  };
  // The <img> carries the `token` cookie; one retry after freshening a lapsed token.
  const onImageError = () => {
    if (attempt > 0) return;
    void freshenImageToken().then((ok) => {
      if (ok) setAttempt(1);
    });
  };
  const thumbnail = file.thumbnail_url
    ? `${file.thumbnail_url}${attempt > 0 ? `?r=${attempt}` : ''}`
    : null;

  return (
    <>
      <FileAttachment
        file={file}
        thumbnailSrc={thumbnail}
        onImageError={onImageError}
        onOpen={() => void freshenImageToken().finally(() => setOpen(true))}
        onDownload={download}
      />
      {open ? (
        <ImageViewer
          file={file}
          src={file.url}
          onClose={() => setOpen(false)}
          onDownload={download}
        />
      ) : null}
    </>
  );
}
