import { usePreferencesForm } from './api/get-preferences-form';
import { ServerFormPage } from './components/server-form-page';

/** Spec §2/§7 Preferences: the server's form, posted as FormData to the form's action. */
export function PreferencesPage() {
  return <ServerFormPage titleKey="account.preferences" form={usePreferencesForm()} encoding="form-data" />;
}
