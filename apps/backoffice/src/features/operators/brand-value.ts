/** A brand id as a select's value ('' = every brand). */
export const brandValue = (id: number | null) => (id === null ? '' : String(id));
/** A select's value as a brand id (null = every brand). */
export const brandIdOf = (value: string) => (value === '' ? null : Number(value));
