import type { UploadedImageType } from '@sb/contract';

/** A picture file read for an upload: its type, its bytes in base64, and a data address to preview it. */
export interface PictureFile<T extends UploadedImageType = UploadedImageType> {
  type: T;
  data: string;
  preview: string;
}

/** Reads a picture file the operator chose (its type already checked against the ones the upload takes). */
export function readPicture<T extends UploadedImageType>(file: File): Promise<PictureFile<T>> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const preview = String(reader.result);
      resolve({ type: file.type as T, data: preview.slice(preview.indexOf(',') + 1), preview });
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
