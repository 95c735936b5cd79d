/**
 * The big-bet alert of the ticker: a threshold (minor units) above which a row is highlighted, and optionally a
 * short tone when such a bet arrives live. Each operator sets their own, kept in this browser (localStorage,
 * `sb.ops.bigBet.<username>`): a desk setting, not the book's, so the server does not store it.
 */
export interface BigBetSetting {
  /** Minor units; 0 = off. */
  threshold: number;
  sound: boolean;
}

const OFF: BigBetSetting = { threshold: 0, sound: false };
const keyOf = (username: string) => `sb.ops.bigBet.${username}`;

export function readBigBet(username: string): BigBetSetting {
  try {
    const raw = JSON.parse(localStorage.getItem(keyOf(username)) ?? 'null') as Partial<BigBetSetting> | null;
    if (!raw) return OFF;
    const threshold = Number.isSafeInteger(raw.threshold) && raw.threshold! > 0 ? raw.threshold! : 0;
    return { threshold, sound: raw.sound === true };
  } catch {
    return OFF;
  }
}

export function saveBigBet(username: string, setting: BigBetSetting): void {
  localStorage.setItem(keyOf(username), JSON.stringify(setting));
}

export const isBigBet = (stake: number, setting: BigBetSetting) =>
  setting.threshold > 0 && stake >= setting.threshold;

let audio: AudioContext | null = null;
/** A short two-tone chime (Web Audio: no sound file to load). Browsers allow it after the operator's first click. */
export function chime(): void {
  try {
    audio ??= new AudioContext();
    const ctx = audio;
    [880, 1320].forEach((hz, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.15, ctx.currentTime + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + i * 0.15 + 0.14);
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + i * 0.15);
      osc.stop(ctx.currentTime + i * 0.15 + 0.15);
    });
  } catch {
    // No audio on this machine: the highlight still shows the bet.
  }
}
