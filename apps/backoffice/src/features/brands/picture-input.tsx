import type { UploadedImageType } from '@sb/contract';

/**
 * A file picker for an upload of some picture types. A file input cannot be emptied by its value: give it a new
 * `key` to draw a new one after each upload.
 */
export function PictureInput({
  name,
  types,
  onFile,
  describedBy,
}: {
  name: string;
  types: readonly UploadedImageType[];
  onFile: (file: File | undefined) => void;
  describedBy?: string;
}) {
  return (
    <input
      type="file"
      name={name}
      accept={types.join(',')}
      aria-describedby={describedBy}
      onChange={(e) => onFile(e.target.files?.[0])}
    />
  );
}
