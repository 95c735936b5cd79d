import type { BannerImageType, BannerPlacement, Locale } from '@sb/contract';
import type { PictureFile } from './read-picture';

const DAY_MS = 86_400_000;

/** A `datetime-local` value of an instant, in the operator's own zone. */
const localInput = (ms: number) =>
  new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

export interface Draft {
  placement: BannerPlacement;
  locale: Locale | '';
  picture: PictureFile<BannerImageType> | null;
  link: string;
  alt: Partial<Record<Locale, string>>;
  startsAt: string;
  endsAt: string;
  position: string;
}

export const emptyDraft = (): Draft => ({
  placement: 'home',
  locale: '',
  picture: null,
  link: '/casino',
  alt: {},
  startsAt: localInput(Date.now()),
  endsAt: localInput(Date.now() + 30 * DAY_MS),
  position: '',
});

/** Sets one field of the draft. */
export type SetDraft = <K extends keyof Draft>(key: K, value: Draft[K]) => void;
