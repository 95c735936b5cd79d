import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { PageMessage } from '@/components/ui/page-message';
import { Spinner } from '@/components/ui/spinner';
import type { FormEncoding, FormOutcome } from '../api/submit-form';
import { ServerForm } from './server-form';
import './account.css';

/** A page around one server-supplied form: loading, a retry on failure, then the sanitised form. */
export function ServerFormPage({
  titleKey,
  form,
  encoding,
}: {
  titleKey: string;
  form: UseQueryResult<string>;
  encoding: FormEncoding;
}) {
  const { t } = useTranslation();
  const [result, setResult] = useState<FormOutcome | null>(null);
  if (form.isPending) return <Spinner label={t('app.loading')} />;
  if (form.isError)
    return (
      <PageMessage
        role="alert"
        title={t('processing.error')}
        text={t('account.form_error')}
        action={<Button onClick={() => void form.refetch()}>{t('app.retry')}</Button>}
      />
    );
  return (
    <div className="account-page">
      <h1 className="visually-hidden">{t(titleKey)}</h1>
      <ServerForm html={form.data} encoding={encoding} result={result} onResult={setResult} />
    </div>
  );
}
