/** A report's range: [from, to) instants, the time zone its days are counted in, and the brand (null: all). */
export interface ReportRange {
  from: Date;
  to: Date;
  timeZone: string;
  brandId: number | null;
}

/** The rows of a driver's answer (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** A driver's number (bigint and numeric columns come as text). */
export const num = (v: unknown) => Number(v ?? 0);
