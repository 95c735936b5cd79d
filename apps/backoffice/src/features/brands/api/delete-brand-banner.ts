import { call } from '../../../api';

/** `DELETE /ops/v1/brands/{id}/banners/{bannerId}`: the others of its page close up. */
export const deleteBrandBanner = (brandId: number, bannerId: number): Promise<{ id: number }> =>
  call('DELETE', `/ops/v1/brands/${brandId}/banners/${bannerId}`);
