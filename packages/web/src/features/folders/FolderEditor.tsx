import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Folder } from '@parley/protocol/folder';
import { FOLDER_NAME_MAX_LENGTH, FOLDERS_MAX } from '@parley/protocol/folder';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { folderError, nameProblem } from './errors';
import { useFolderStore } from './store';
import { FolderEditRow } from './ui/FolderEditRow';

/**
 * The folder editor dialog: create, rename (on Enter or leaving the field),
 * reorder with up/down, delete after a confirmation. Every change is the
 * server's answer applied, so other tabs and this one agree.
 */
export function FolderEditor({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const folders = useFolderStore((s) => s.folders);
  const [draft, setDraft] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<Folder | null>(null);
  const newName = useRef<HTMLInputElement>(null);

  useEffect(() => newName.current?.focus(), []);

  /** Runs a store action; a refusal lands under the field it names (`key`). */
  const attempt = async (key: string, action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      setErrors(({ [key]: _, ...rest }) => rest);
      return true;
    } catch (error) {
      setErrors((e) => ({ ...e, [key]: folderError(error) }));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(draft);
    if (problem) {
      setErrors((e) => ({ ...e, new: problem }));
      return;
    }
    if (await attempt('new', () => useFolderStore.getState().create(draft))) setDraft('');
  };

  const rename = (folder: Folder, name: string) => {
    const key = String(folder.id);
    if (name.trim() === folder.name) return;
    const problem = nameProblem(name);
    if (problem) setErrors((e) => ({ ...e, [key]: problem }));
    else void attempt(key, () => useFolderStore.getState().rename(folder.id, name));
  };

  return (
    <>
      <Dialog
        className="dialog folder-dialog"
        labelledBy="folder-dialog-title"
        onClose={onClose}
        testId="folder-editor"
      >
        <header className="dialog-header">
          <h2 id="folder-dialog-title">{t('folders.title')}</h2>
          <button
            type="button"
            className="icon-button"
            onClick={onClose}
            aria-label={t('folders.close')}
            data-testid="folder-editor-close"
          >
            ×
          </button>
        </header>
        <p className="folder-dialog-hint">{t('folders.hint')}</p>
        {folders.length === 0 ? (
          <p className="folder-dialog-empty">{t('folders.empty')}</p>
        ) : (
          <ol className="folder-edit-list">
            {folders.map((folder, index) => (
              <FolderEditRow
                key={folder.id}
                folder={folder}
                first={index === 0}
                last={index === folders.length - 1}
                error={errors[String(folder.id)] ? t(errors[String(folder.id)] ?? '') : undefined}
                disabled={busy}
                onRename={(name) => rename(folder, name)}
                onMove={(delta) =>
                  void attempt(String(folder.id), () =>
                    useFolderStore.getState().move(folder.id, delta),
                  )
                }
                onDelete={() => setDeleting(folder)}
              />
            ))}
          </ol>
        )}
        <form className="folder-new" onSubmit={(event) => void add(event)}>
          <input
            ref={newName}
            name="new-folder"
            value={draft}
            maxLength={FOLDER_NAME_MAX_LENGTH + 8}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t('folders.newPlaceholder')}
            aria-label={t('folders.newPlaceholder')}
            aria-invalid={errors.new ? true : undefined}
            disabled={folders.length >= FOLDERS_MAX}
            data-testid="folder-new-name"
          />
          <Button
            type="submit"
            disabled={busy || folders.length >= FOLDERS_MAX}
            data-testid="folder-create"
          >
            {t('folders.create')}
          </Button>
        </form>
        <p className={errors.new ? 'field-error folder-new-error' : 'folder-count'} role="status">
          {errors.new
            ? t(errors.new)
            : t('folders.count', { count: folders.length, max: FOLDERS_MAX })}
        </p>
      </Dialog>
      {deleting ? (
        <ConfirmDialog
          text={t('folders.confirmDelete', { name: deleting.name })}
          confirm={t('folders.delete')}
          onConfirm={() => {
            const folder = deleting;
            setDeleting(null);
            void attempt(String(folder.id), () => useFolderStore.getState().remove(folder.id));
          }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
