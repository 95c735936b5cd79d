import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageMessage } from '@/components/ui/page-message';
import { Spinner } from '@/components/ui/spinner';
import { usePasswordForm } from './api/get-password-form';
import type { FormOutcome } from './api/submit-form';
import { ServerForm } from './components/server-form';
import './components/account.css';

/** Spec §2/§7 Change password: the server's form; 200 shows processing.success, 400 the form with errors. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const form = usePasswordForm();
  const [result, setResult] = useState<FormOutcome | null>(null);
  if (form.isPending) return <Spinner label={t('app.loading')} />;
  if (form.isError)
    return <PageMessage role="alert" title={t('processing.error')} text={t('account.form_error')} action={<Button onClick={() => void form.refetch()}>{t('app.retry')}</Button>} />;
  return (
    <div className="account-page">
      <h1>{t('account.change_password')}</h1>
      <ServerForm html={form.data} encoding="enctype" result={result} onResult={setResult} />
    </div>
  );
}
