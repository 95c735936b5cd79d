// What the event view's parts (header, markets table) are handed by the events page: its texts, the event's limits,
// and the trading actions it runs (each reloads the view and says what it did).
import type { KeyboardEvent } from 'react';
import type { OpsEventView } from '@sb/contract';
import type { Texts } from '../../i18n';
import type { EventLimitKind, EventLimitLevel } from './api/set-limit';
import type { EventsTexts } from './events-texts';
import type { LimitTarget } from './limit-form';

export type Market = OpsEventView['markets'][number];
export type Selection = Market['selections'][number];
type Limit = OpsEventView['limits'][number];

export interface EventDesk {
  et: EventsTexts;
  t: Texts;
  name: (n: { en: string; tr: string }) => string;
  /** A selection as the desk names it: its market's name with its own ("Match Result · 1"). */
  pickName: (m: Market, s: Selection) => string;
  canTrade: boolean;
  busy: boolean;
  /** The limit of a kind (every brand's: the one the desk sets) at a level of this event, or undefined. */
  limitOf: (level: EventLimitLevel, refId: number, kind?: EventLimitKind) => Limit | undefined;
  liabilityOf: (level: EventLimitLevel, refId: number) => Limit | undefined;
  marketSuspension: (m: Market, action: 'suspend' | 'resume') => void;
  selectionSuspension: (m: Market, s: Selection, action: 'suspend' | 'resume') => void;
  /** One tick up or down the book's ladder from the price players see now. */
  tickPrice: (m: Market, s: Selection, direction: 1 | -1) => void;
  modelPrice: (m: Market, s: Selection) => void;
  editLimit: (target: LimitTarget) => void;
  /** The reason the desk's suspensions, prices and limits are given (one of REASONS). */
  reason: string;
  onReason: (reason: string) => void;
  /** Suspends or resumes the whole event. */
  eventSuspension: (action: 'suspend' | 'resume') => void;
  onRowKey: (e: KeyboardEvent, m: Market, s: Selection) => void;
}
