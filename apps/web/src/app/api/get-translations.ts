import { queryOptions } from '@tanstack/react-query';
import type { Locale, TranslationsResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';

export const translationsQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['translations', locale],
    queryFn: async () => {
      const data = await apiRequest<TranslationsResponse>('core', '/api/v1/translations/get/all', {
        headers: { 'accept-language': locale },
        auth: false,
      });
      return data.result.translation;
    },
    staleTime: Infinity,
  });
