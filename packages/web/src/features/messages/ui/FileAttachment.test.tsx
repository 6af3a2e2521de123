import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import type { AttachedFile } from '@parley/protocol/file';
import { withFileLabel } from '../../conversations/list-item';
import { FileAttachment, imageBox } from './FileAttachment';

const pdf: AttachedFile = {
  id: 3,
  key: 'AAAAAAAAAAAAAAAAAAAAAA',
  name: 'Quarterly report.pdf',
  size: 1536,
  mime: 'application/pdf',
  is_image: false,
  width: null,
  height: null,
  url: '/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA',
  thumbnail_url: null,
};

const photo: AttachedFile = {
  ...pdf,
  name: 'beach.jpg',
  size: 3 * 1024 * 1024 + 512 * 1024,
  mime: 'image/jpeg',
  is_image: true,
  width: 1600,
  height: 1200,
  thumbnail_url: '/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA/thumbnail',
};

describe('FileAttachment', () => {
  it('shows a file with its name, the spec size format and a download button', () => {
    const onDownload = vi.fn();
    render(<FileAttachment file={pdf} thumbnailSrc={null} onDownload={onDownload} />);
    expect(screen.getByTestId('message-file-name')).toHaveTextContent('Quarterly report.pdf');
    expect(screen.getByTestId('message-file-size')).toHaveTextContent('1.50 kB');
    fireEvent.click(screen.getByTestId('message-file-download'));
    expect(onDownload).toHaveBeenCalledOnce();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('reserves a picture’s box from its dimensions before the thumbnail loads', () => {
    const onOpen = vi.fn();
    render(<FileAttachment file={photo} thumbnailSrc={photo.thumbnail_url} onOpen={onOpen} />);
    const box = screen.getByTestId('message-image');
    expect(box.style.width).toBe('320px');
    expect(box.style.height).toBe('240px');
    expect(screen.getByRole('img')).toHaveAttribute('src', photo.thumbnail_url);
    fireEvent.click(box);
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('keeps tall and tiny pictures within bounds', () => {
    expect(imageBox({ width: 1000, height: 4000 })).toEqual({ width: 90, height: 360 });
    expect(imageBox({ width: 40, height: 30 })).toEqual({ width: 80, height: 60 });
    expect(imageBox({ width: null, height: null })).toEqual({ width: 80, height: 60 });
  });

  it('gives whole pixels where the aspect ratio would not', () => {
    // 320 × 333/640 = 166.5: a half pixel per picture the list came up short.
    expect(imageBox({ width: 640, height: 333 })).toEqual({ width: 320, height: 167 });
  });
});

describe('withFileLabel', () => {
  const t = ((key: string, o?: { label?: string; caption?: string }) =>
    key === 'files.withCaption'
      ? `${o?.label}: ${o?.caption}`
      : (({ 'files.photo': 'Photo', 'files.file': 'File' } as Record<string, string>)[key] ??
        key)) as TFunction;

  it('labels pictures and files in one-line previews, with the caption after it', () => {
    expect(withFileLabel('image', '', t)).toBe('Photo');
    expect(withFileLabel('file', 'the report', t)).toBe('File: the report');
    expect(withFileLabel('text', 'hello', t)).toBe('hello');
    expect(withFileLabel(null, 'hello', t)).toBe('hello');
  });
});
