/** localStorage key set when the overlay has been shown once. */
export const APP_REMINDER_SHOWN_KEY = 'sb.appReminderShown';

/** An Android browser, not an in-app webview (whose UA carries `wv`, as in `; wv)`). */
export function isAndroidBrowser(userAgent: string): boolean {
  return /Android/i.test(userAgent) && !/(;\s*wv\)|\bwv\b)/.test(userAgent);
}

/**
 * Spec §2 Android download overlay: once, to Android browsers that are not webviews, unless the URL
 * has `noappreminder`, it was shown before, or the app has no APK to offer.
 */
export function shouldShowAppReminder(input: {
  userAgent: string;
  search: string;
  shownBefore: boolean;
  apkUrl: string | null;
}): boolean {
  if (!input.apkUrl || input.shownBefore) return false;
  if (new URLSearchParams(input.search).has('noappreminder')) return false;
  return isAndroidBrowser(input.userAgent);
}
