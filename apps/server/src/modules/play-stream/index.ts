import type { Locale } from '@sb/contract';
import type { Clock } from '../../lib/clock';
import { TRANSLATIONS } from '../content/index';
import type { Auth } from '../identity/index';
import type { Translate } from './match-view';
import { playStreamRoutes } from './play-stream.routes';
import { createPlayStreamService, type StreamSource } from './play-stream.service';

export type { StreamSource } from './play-stream.service';
export type { StreamIncident } from './match-view';

const translator =
  (locale: Locale): Translate =>
  (key) =>
    TRANSLATIONS[locale][key] ?? key;

/** The stream frame of spec §7: no video host is reachable, so a live 2D match view of the simulator's state. */
export function createPlayStreamModule(deps: { source: StreamSource; clock: Clock; auth: Auth }) {
  const service = createPlayStreamService({ source: deps.source, clock: deps.clock, translator });
  return { service, routes: playStreamRoutes(service, deps.auth, translator) };
}
