import type { Db } from '../../../db/database';
import type { SportsRepository } from '../sports.repository';
import { createSimulatorRepository } from './simulator.repository';
import { createVirtualRepository } from './virtual.repository';

export type {
  MarketUpdateRow,
  SelectionUpdate,
  SimulatorRepository,
  WrittenMarkets,
} from './simulator.repository';
export type { VirtualRepository, VirtualRoundRecord } from './virtual.repository';
// What a producer reads and writes through the port: the catalogue (reference data, events) and its records.
export type { CatalogueService } from '../catalogue/catalogue.service';
export type { ReferenceCache } from '../event-view';
export type { EventRecord, MarketRecord, SelectionRecord } from '../sports.repository';
export type { EventData } from '../sports.tables';
export {
  makeTeam,
  type CompetitionRow,
  type EventRow,
  type Reference,
  type RegionRow,
  type TeamRow,
} from '../catalogue/catalogue.generator';

/**
 * The sports module's ingest port: the only way a feed producer writes the sports tables (events and their
 * state, markets and prices, results, the operator command queue, virtual rounds). The simulator uses it today;
 * a real data provider's adapter would write through the same port.
 */
export interface SportsIngest {
  /** Event state, markets, prices, results and the operator command queue. */
  simulator: ReturnType<typeof createSimulatorRepository>;
  /** Virtual football rounds and their events. */
  virtual: ReturnType<typeof createVirtualRepository>;
  /** Reference rows a producer adds to the catalogue (virtual football's leagues and teams). */
  insertReference: SportsRepository['insertReference'];
}

/** The ingest port over the sports tables (`events` is the sports repository the read side uses). */
export function createSportsIngest(db: Db, events: SportsRepository): SportsIngest {
  return {
    simulator: createSimulatorRepository(db),
    virtual: createVirtualRepository(db),
    insertReference: (reference) => events.insertReference(reference),
  };
}
