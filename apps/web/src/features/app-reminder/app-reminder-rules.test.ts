import { describe, expect, it } from 'vitest';
import { isAndroidBrowser, shouldShowAppReminder } from './app-reminder-rules';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0 Mobile Safari/537.36';
const WEBVIEW =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/147.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0 Safari/537.36';

const base = { userAgent: CHROME_ANDROID, search: '', shownBefore: false, apkUrl: '/app.apk' };

describe('Android app overlay rules', () => {
  it('knows Android browsers from webviews, iPhones and desktops', () => {
    expect(isAndroidBrowser(CHROME_ANDROID)).toBe(true);
    expect(isAndroidBrowser(WEBVIEW)).toBe(false);
    expect(isAndroidBrowser(IPHONE)).toBe(false);
    expect(isAndroidBrowser(DESKTOP)).toBe(false);
  });

  it('shows once to an Android browser when the app has an APK', () => {
    expect(shouldShowAppReminder(base)).toBe(true);
    expect(shouldShowAppReminder({ ...base, shownBefore: true })).toBe(false);
    expect(shouldShowAppReminder({ ...base, apkUrl: null })).toBe(false);
  });

  it('is suppressed by ?noappreminder (with or without a value) and in webviews', () => {
    expect(shouldShowAppReminder({ ...base, search: '?noappreminder' })).toBe(false);
    expect(shouldShowAppReminder({ ...base, search: '?x=1&noappreminder=1' })).toBe(false);
    expect(shouldShowAppReminder({ ...base, userAgent: WEBVIEW })).toBe(false);
  });
});
