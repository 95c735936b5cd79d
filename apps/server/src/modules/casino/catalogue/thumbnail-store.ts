import { notFound } from '../../../plugins/errors';
import type { CatalogueRepository } from './catalogue.repository';
import { thumbnailVersion } from './catalogue.service';
import { drawThumbnail, encodeGif, encodeJpeg } from './thumbnail';

interface Entry {
  version: string;
  rgba: Uint8Array;
  gif?: Buffer;
  jpg?: Buffer;
}

/**
 * Thumbnails drawn on first request and kept in memory (≈ 15 KB a game for both formats, 320 games ≈ 5 MB).
 * An entry is redrawn when its game's version changes (an operator renamed or recoloured it).
 */
export function createThumbnailStore(repo: CatalogueRepository) {
  const cache = new Map<number, Entry>();
  return {
    async get(id: number, format: 'gif' | 'jpg'): Promise<{ version: string; bytes: Buffer }> {
      const found = await repo.game({ id });
      if (!found) throw notFound('thumbnail');
      const version = thumbnailVersion(found.game, found.provider.name);
      let entry = cache.get(id);
      if (entry?.version !== version) {
        entry = { version, rgba: drawThumbnail(found.game, found.provider.name) };
        cache.set(id, entry);
      }
      const bytes =
        format === 'gif' ? (entry.gif ??= encodeGif(entry.rgba)) : (entry.jpg ??= encodeJpeg(entry.rgba));
      return { version, bytes };
    },
  };
}

export type ThumbnailStore = ReturnType<typeof createThumbnailStore>;
