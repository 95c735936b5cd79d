/** Whether a database error is a unique-index violation (PostgreSQL 23505), directly or as a driver's cause. */
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === '23505';
};
