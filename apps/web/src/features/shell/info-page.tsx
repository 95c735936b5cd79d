import { useTranslation } from '@/lib/i18n';
import { useParams } from 'react-router';
import { NotFoundPage } from './not-found-page';

export const INFO_PAGES = ['help', 'terms', 'privacy', 'responsible', 'contact'] as const;
type InfoPage = (typeof INFO_PAGES)[number];

/** Help and legal pages linked from the footer; their texts come from the translation table. */
export function InfoPage() {
  const { t } = useTranslation();
  const { page } = useParams();
  if (!INFO_PAGES.includes(page as InfoPage)) return <NotFoundPage />;
  return (
    <article className="info-page">
      <h1>{t(`footer.${page}`)}</h1>
      {t(`info.${page}`)
        .split('\n')
        .map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
    </article>
  );
}
