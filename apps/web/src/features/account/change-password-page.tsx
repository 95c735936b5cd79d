import { usePasswordForm } from './api/get-password-form';
import { ServerFormPage } from './components/server-form-page';

/** Spec §2/§7 Change password: the server's form; 200 shows processing.success, 400 the form with errors. */
export function ChangePasswordPage() {
  return <ServerFormPage titleKey="account.change_password" form={usePasswordForm()} encoding="enctype" />;
}
