import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import { useLocalePath } from '@/lib/app-context';

/** Spec §2: the empty slip with shortcut links to live, today, 3 hours, highlighted and football. */
export function EmptySlip() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const links: [string, string][] = [
    ['/live', 'nav.live'],
    ['/today', 'nav.today'],
    ['/3hours', 'nav.3hours'],
    ['/highlighted', 'nav.highlighted'],
    ['/sports/1', 'betslip.football'],
  ];
  return (
    <section className="slip-empty" data-testid="slip-empty">
      <h1>{t('betslip.empty.title')}</h1>
      <p>{t('betslip.empty.text')}</p>
      <h2>{t('betslip.empty.links')}</h2>
      <nav className="slip-empty__links">
        {links.map(([path, label]) => (
          <Link key={path} to={to(path)}>
            {t(label)}
          </Link>
        ))}
      </nav>
    </section>
  );
}
