import type { FormEvent, ReactNode } from 'react';
import type { BrandForm } from './brand-form-state';
import type { BrandsTexts } from './brands-texts';
import { ThemePreview } from './theme-preview';
import { DefaultsGroup, FeaturesGroup, IdentityGroup, LinksGroup, ThemeGroup } from './brand-form-groups';

/** The brand's settings, with the preview of its theme beside them. */
export function BrandFormView({
  bt,
  form,
  onForm,
  onSubmit,
  onCancel,
  busy,
  creating,
  logo,
}: {
  bt: BrandsTexts;
  form: BrandForm;
  onForm: (next: BrandForm) => void;
  onSubmit: () => void;
  onCancel: () => void;
  busy: boolean;
  creating: boolean;
  /** The logo picker (it saves on its own, apart from the form). */
  logo: ReactNode;
}) {
  const set = <K extends keyof BrandForm>(key: K, value: BrandForm[K]) => onForm({ ...form, [key]: value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <div className="brand-editor">
      <form className="brand-form" onSubmit={submit} data-testid="brand-form">
        <IdentityGroup bt={bt} form={form} set={set} creating={creating} />
        <ThemeGroup bt={bt} form={form} set={set} logo={logo} />
        <FeaturesGroup bt={bt} form={form} set={set} />
        <LinksGroup bt={bt} form={form} set={set} />
        <DefaultsGroup bt={bt} form={form} set={set} />
        <div className="actions">
          <button className="primary" type="submit" disabled={busy}>
            {creating ? bt.create : bt.save}
          </button>
          <button type="button" onClick={onCancel} disabled={busy}>
            {bt.cancel}
          </button>
        </div>
      </form>
      <ThemePreview
        bt={bt}
        name={form.name}
        choice={{
          primary: /^#[0-9a-f]{6}$/i.test(form.primary) ? form.primary : '#000000',
          accent: /^#[0-9a-f]{6}$/i.test(form.accent) ? form.accent : '#000000',
          scheme: form.scheme,
          logoUrl: form.logoUrl || undefined,
          name: form.name,
        }}
      />
    </div>
  );
}
