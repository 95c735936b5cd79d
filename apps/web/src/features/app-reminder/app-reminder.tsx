import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAppContext, useLocalePath } from '@/lib/app-context';
import { APP_REMINDER_SHOWN_KEY, shouldShowAppReminder } from './app-reminder-rules';
import './app-reminder.css';

function decideOnce(apkUrl: string | null): boolean {
  try {
    // `?noappreminder` suppresses the overlay for good, not only for this load (spec §2): remembered like a
    // first display.
    if (new URLSearchParams(window.location.search).has('noappreminder'))
      localStorage.setItem(APP_REMINDER_SHOWN_KEY, 'suppressed');
    return shouldShowAppReminder({
      userAgent: navigator.userAgent,
      search: window.location.search,
      shownBefore: localStorage.getItem(APP_REMINDER_SHOWN_KEY) !== null,
      apkUrl,
    });
  } catch {
    return false;
  }
}

/** The Android app download overlay (title, info, download, home); marks itself shown on first display. */
export function AppReminder() {
  const { t } = useTranslation();
  const { app } = useAppContext();
  const navigate = useNavigate();
  const to = useLocalePath();
  const [open, setOpen] = useState(() => decideOnce(app.androidApkUrl));
  useEffect(() => {
    if (open) localStorage.setItem(APP_REMINDER_SHOWN_KEY, new Date().toISOString());
  }, [open]);
  if (!open || !app.androidApkUrl) return null;
  return (
    <div className="app-reminder" role="dialog" aria-modal="true" aria-labelledby="app-reminder-title">
      <div className="app-reminder__card">
        <img src={app.theme.logoUrl} alt="" className="app-reminder__logo" />
        <h2 id="app-reminder-title">{t('app_reminder.title')}</h2>
        <p>{t('app_reminder.text')}</p>
        <a className="ui-button ui-button--primary app-reminder__download" href={app.androidApkUrl} download>
          {t('app_reminder.download')}
        </a>
        <Button
          variant="secondary"
          onClick={() => {
            setOpen(false);
            navigate(to('/'));
          }}
        >
          {t('app_reminder.home')}
        </Button>
      </div>
    </div>
  );
}
