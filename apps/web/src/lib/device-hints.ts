import { SIGNED_IN_COOKIE, SLIP_COOKIE, TIME_ZONE_COOKIE } from '@sb/contract/constants';
import { authStorage } from './auth-storage';
import { storedSlipCount, subscribeToSlip } from './slip-count';

const YEAR_S = 365 * 24 * 3600;

function setCookie(name: string, value: string | null): void {
  document.cookie =
    value === null
      ? `${name}=; path=/; max-age=0; samesite=lax`
      : `${name}=${encodeURIComponent(value)}; path=/; max-age=${YEAR_S}; samesite=lax`;
}

function writeSignedIn(): void {
  setCookie(SIGNED_IN_COOKIE, authStorage.get() ? '1' : null);
}

let slipHint: boolean | null = null;
function writeSlipHint(): void {
  let holds = false;
  try {
    holds = storedSlipCount() > 0;
  } catch {
    // No storage: no slip to keep, and the server's empty slip is the right first view.
  }
  if (holds === slipHint) return;
  slipHint = holds;
  setCookie(SLIP_COOKIE, holds ? '1' : null);
}

/**
 * Keeps the hints the server's first render reads (no secrets: the tokens stay in localStorage): whether this
 * device holds a login (it then gets the plain shell, not a visitor's view that would flash before its own),
 * whether its slip holds selections (its slip page is then the plain shell, not the server's empty slip) and its
 * time zone (server-rendered dates in it, so hydration changes none).
 */
export function keepDeviceHints(): void {
  try {
    setCookie(TIME_ZONE_COOKIE, Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    // No zone to tell: the server renders UTC, hydration then re-renders the dates in the browser's zone.
  }
  writeSignedIn();
  authStorage.subscribe(writeSignedIn);
  writeSlipHint();
  subscribeToSlip(writeSlipHint);
}
