import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Folder } from '@parley/protocol/folder';
import { FOLDER_NAME_MAX_LENGTH } from '@parley/protocol/folder';

/** Presentational: one folder in the editor — its name to edit, up, down, delete. */
export function FolderEditRow({
  folder,
  first,
  last,
  error,
  disabled,
  onRename,
  onMove,
  onDelete,
}: {
  folder: Folder;
  first: boolean;
  last: boolean;
  /** Already translated. */
  error: string | undefined;
  disabled: boolean;
  onRename: (name: string) => void;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(folder.name);
  // Renamed elsewhere (another tab): show the new name.
  useEffect(() => setName(folder.name), [folder.name]);
  const errorId = `folder-error-${folder.id}`;

  return (
    <li className="folder-edit-row" data-testid={`folder-row-${folder.id}`}>
      <div className="folder-edit-main">
        <input
          value={name}
          maxLength={FOLDER_NAME_MAX_LENGTH + 8}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => onRename(name)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onRename(name);
          }}
          aria-label={t('folders.name')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={`folder-name-${folder.id}`}
        />
        <button
          type="button"
          className="icon-button"
          onClick={() => onMove(-1)}
          disabled={disabled || first}
          aria-label={t('folders.moveUp', { name: folder.name })}
          title={t('folders.moveUp', { name: folder.name })}
          data-testid={`folder-up-${folder.id}`}
        >
          ↑
        </button>
        <button
          type="button"
          className="icon-button"
          onClick={() => onMove(1)}
          disabled={disabled || last}
          aria-label={t('folders.moveDown', { name: folder.name })}
          title={t('folders.moveDown', { name: folder.name })}
          data-testid={`folder-down-${folder.id}`}
        >
          ↓
        </button>
        <button
          type="button"
          className="icon-button is-danger"
          onClick={onDelete}
          disabled={disabled}
          aria-label={t('folders.deleteNamed', { name: folder.name })}
          title={t('folders.deleteNamed', { name: folder.name })}
          data-testid={`folder-delete-${folder.id}`}
        >
          <svg
            viewBox="0 0 24 24"
            width="18"
            height="18"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          >
            <path d="M5 7h14M10 7V5h4v2M7 7l1 12h8l1-12" />
          </svg>
        </button>
      </div>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
