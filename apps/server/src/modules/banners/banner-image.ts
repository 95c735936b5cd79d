import {
  BANNER_IMAGE_MAX_BYTES,
  UPLOADED_IMAGE_EXTENSIONS,
  type BannerImageType,
  type BannerImageUpload,
} from '@sb/contract';
import { decodeUploadedImage } from '../../lib/uploaded-image';
import { badRequest } from '../../plugins/errors';

/** An uploaded picture's bytes, checked to be what its type says (400 naming `image.data` otherwise). */
export const decodeBannerImage = (upload: BannerImageUpload) =>
  decodeUploadedImage(upload, BANNER_IMAGE_MAX_BYTES, (message) => badRequest('image.data', message));

/** Where the player app finds a banner's picture (its name changes with its content). */
export const bannerImagePath = (id: number, hash: string, type: BannerImageType) =>
  `/api/v1/banners/images/${id}-${hash}.${UPLOADED_IMAGE_EXTENSIONS[type]}`;
