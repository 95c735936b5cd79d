/** The results workspace's and the dashboard's answers: the server's response schemas (packages/contract). */
import type { OpsDashboard, OpsResultReport, OpsResultsEvent, OpsResultsMarket } from '@sb/contract';

export type ResultsEvent = OpsResultsEvent;
export type ResultsMarket = OpsResultsMarket;

export type ResultReport = OpsResultReport;

export type Dashboard = OpsDashboard;
