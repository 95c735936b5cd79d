import { Button } from '@/components/ui/button';
import { PageMessage } from '@/components/ui/page-message';
import { Spinner } from '@/components/ui/spinner';

// Shown before translations exist, so they speak both languages of the product.

export function StartupLoading() {
  return <Spinner label="Loading… · Yükleniyor…" />;
}

export function StartupError({ onRetry }: { onRetry: () => void }) {
  return (
    <PageMessage
      role="alert"
      title="We could not reach the server · Sunucuya ulaşılamadı"
      text="Check your connection and try again. · Bağlantınızı kontrol edip tekrar deneyin."
      action={<Button onClick={onRetry}>Try again · Tekrar dene</Button>}
    />
  );
}

export function SiteNotFound({ host }: { host: string }) {
  return (
    <PageMessage
      role="alert"
      title="Site not found · Site bulunamadı"
      text={`No site is configured for ${host}. · ${host} için yapılandırılmış bir site yok.`}
    />
  );
}
