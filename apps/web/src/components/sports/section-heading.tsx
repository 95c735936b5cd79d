import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import { Icon } from '@/components/ui/icon';
import './sports.css';

/** A section title with an optional "All Matches" link (home sections, spec §2). */
export function SectionHeading({
  title,
  allTo,
  level = 2,
}: {
  title: ReactNode;
  allTo?: string;
  level?: 2 | 3;
}) {
  const { t } = useTranslation();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="section-heading">
      <Heading>{title}</Heading>
      {allTo && (
        <Link to={allTo} className="section-heading__all">
          {t('sports.all_matches')}
          <Icon name="forward" size={16} />
        </Link>
      )}
    </div>
  );
}
