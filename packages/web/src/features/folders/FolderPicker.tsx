import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { useMenuDismiss } from '../../ui/use-menu-dismiss';
import { useConversationStore } from '../conversations/store';
import { useFolderStore } from './store';
import './folders.css';

// "Move to folder" of the conversation menu: a second menu at the same
// place listing the user's folders (the current one checked), "Remove from
// folder" when it is in one, and "New folder…" opening the editor.

type PickerState = {
  target: { id: number; x: number; y: number } | null;
  open: (id: number, x: number, y: number) => void;
  close: () => void;
};

export const useFolderPicker = create<PickerState>()((set) => ({
  target: null,
  open: (id, x, y) => {
    if (useFolderStore.getState().status === 'idle') void useFolderStore.getState().load();
    set({ target: { id, x, y } });
  },
  close: () => set({ target: null }),
}));

export function FolderPicker() {
  const target = useFolderPicker((s) => s.target);
  const close = useFolderPicker((s) => s.close);
  const onClose = useCallback(() => close(), [close]);
  return target ? <PickerMenu {...target} onClose={onClose} /> : null;
}

function PickerMenu({
  id,
  x,
  y,
  onClose,
}: {
  id: number;
  x: number;
  y: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ref = useMenuDismiss(onClose);
  const folders = useFolderStore((s) => s.folders);
  const current = useConversationStore((s) => s.byId[id]?.pivot.folder_id ?? null);
  const rows = folders.length + (current === null ? 1 : 2);
  const left = Math.max(8, Math.min(x, window.innerWidth - 240));
  const top = Math.max(8, Math.min(y, window.innerHeight - rows * 40 - 16));

  const choose = (folderId: number | null) => {
    onClose();
    if (folderId !== current) {
      void useFolderStore
        .getState()
        .assign(id, folderId)
        .catch(() => undefined);
    }
  };

  return (
    <div
      ref={ref}
      className="msg-menu folder-picker"
      role="menu"
      aria-label={t('folders.moveTo')}
      style={{ left, top }}
      data-testid="folder-picker"
    >
      {folders.map((folder) => (
        <button
          key={folder.id}
          type="button"
          role="menuitemradio"
          aria-checked={folder.id === current}
          className="user-menu-item"
          onClick={() => choose(folder.id)}
          data-testid={`folder-pick-${folder.id}`}
        >
          <span className="folder-check" aria-hidden="true">
            {folder.id === current ? '✓' : ''}
          </span>
          {folder.name}
        </button>
      ))}
      {current !== null ? (
        <button
          type="button"
          role="menuitem"
          className="user-menu-item"
          onClick={() => choose(null)}
          data-testid="folder-pick-none"
        >
          <span className="folder-check" aria-hidden="true" />
          {t('folders.remove')}
        </button>
      ) : null}
      <button
        type="button"
        role="menuitem"
        className="user-menu-item"
        onClick={() => {
          onClose();
          useFolderStore.getState().setEditorOpen(true);
        }}
        data-testid="folder-pick-new"
      >
        <span className="folder-check" aria-hidden="true">
          +
        </span>
        {t('folders.new')}
      </button>
    </div>
  );
}
