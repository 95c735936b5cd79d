import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageMessage } from '@/components/ui/page-message';
import { Spinner } from '@/components/ui/spinner';
import { usePreferencesForm } from './api/get-preferences-form';
import type { FormOutcome } from './api/submit-form';
import { ServerForm } from './components/server-form';
import './components/account.css';

/** Spec §2/§7 Preferences: the server's form, posted as FormData to the form's action. */
export function PreferencesPage() {
  const { t } = useTranslation();
  const form = usePreferencesForm();
  const [result, setResult] = useState<FormOutcome | null>(null);
  if (form.isPending) return <Spinner label={t('app.loading')} />;
  if (form.isError)
    return <PageMessage role="alert" title={t('processing.error')} text={t('account.form_error')} action={<Button onClick={() => void form.refetch()}>{t('app.retry')}</Button>} />;
  return (
    <div className="account-page">
      <h1>{t('account.preferences')}</h1>
      <ServerForm html={form.data} encoding="form-data" result={result} onResult={setResult} />
    </div>
  );
}
