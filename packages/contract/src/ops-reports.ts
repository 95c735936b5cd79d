import { z } from 'zod';
import { idParamSchema } from './common';
import { isTimeZone } from './time-zone';

/**
 * The desk's reports (issue 35 §4): `GET /ops/v1/reports/{name}?from=&to=&brand=&groupBy=&tz=&format=json|csv`.
 * Days are calendar days in the report's time zone (`tz`, else the operator's brand's, else UTC), `from` and `to`
 * both included, at most a year apart. Money in minor units of each row's currency (the CSV writes it as decimals).
 */
export const OPS_REPORTS = ['book', 'cashouts'] as const;
export type OpsReportName = (typeof OPS_REPORTS)[number];

/** What a book report can be broken down by (several, comma separated: `groupBy=day,sport`). */
export const OPS_BOOK_GROUPS = ['day', 'brand', 'sport', 'betType'] as const;
export type OpsBookGroup = (typeof OPS_BOOK_GROUPS)[number];

/** A bet's type in the reports: a builder is a single whose one entry is a bet builder. */
export const OPS_REPORT_BET_TYPES = ['single', 'multiple', 'system', 'builder'] as const;

/** The reports' money columns: minor units on the wire, decimals of the major unit in the CSV. */
export const OPS_REPORT_MONEY_COLUMNS: readonly string[] = [
  'turnover',
  'settledStakes',
  'paid',
  'ggr',
  'bonusCost',
  'ngr',
  'cashoutStakes',
  'cashoutPaid',
  'voidStakes',
];

/** The longest range a report covers: a year (a leap year's days). */
export const OPS_REPORT_MAX_DAYS = 366;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is YYYY-MM-DD')
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'not a calendar day',
  );

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

export const opsReportQuerySchema = z
  .object({
    from: day,
    to: day,
    brand: idParamSchema.optional(),
    groupBy: z
      .string()
      .max(100)
      .optional()
      .transform((v) => (v ? v.split(',').map((g) => g.trim()) : ['day']))
      .pipe(
        z
          .array(z.enum(OPS_BOOK_GROUPS))
          .min(1)
          .refine((gs) => new Set(gs).size === gs.length, 'a group is listed twice'),
      ),
    tz: z.string().max(64).refine(isTimeZone, 'not a time zone (Europe/Istanbul)').optional(),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .superRefine((q, ctx) => {
    const span = dayNumber(q.to) - dayNumber(q.from);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' });
    else if (span >= OPS_REPORT_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `a report covers at most ${OPS_REPORT_MAX_DAYS} days`,
      });
  });
export type OpsReportQuery = z.infer<typeof opsReportQuerySchema>;

const int = () => z.number().int();

/** A row of the book report: the group's keys (those asked for), then its money. */
export const opsBookReportRowSchema = z.object({
  day: z.string().optional(),
  brandId: int().optional(),
  brand: z.string().optional(),
  /** 0 = a multiple across sports, or money of no one sport (a bonus released to cash, a cashback claimed). */
  sportId: int().optional(),
  sport: z.string().optional(),
  /** `none`: money of no bet (a bonus released, a cashback claimed). */
  betType: z.enum([...OPS_REPORT_BET_TYPES, 'none']).optional(),
  currency: z.string(),
  /** Bets placed (accepted) in the group and their cash stakes. */
  bets: int(),
  turnover: int(),
  /** Cash stakes and cash paid of the bets finally settled in the group; GGR = settled stakes − paid. */
  settledStakes: int(),
  paid: int(),
  ggr: int(),
  /** What promotions cost (free bets' winnings, boosts' extra, insurance refunds, bonus releases, cashback). */
  bonusCost: int(),
  ngr: int(),
  /** GGR / settled stakes in basis points; null without settled stakes. */
  holdBp: int().nullable(),
});
export type OpsBookReportRow = z.infer<typeof opsBookReportRowSchema>;

/** A row of the cash-outs and voids report, by day (and brand). */
export const opsCashoutReportRowSchema = z.object({
  day: z.string(),
  brandId: int(),
  brand: z.string(),
  currency: z.string(),
  cashouts: int(),
  /** Stakes of the bets cashed out, and what the cash-outs paid. */
  cashoutStakes: int(),
  cashoutPaid: int(),
  /** Bets voided (every leg void, or voided by an operator) and their stakes returned. */
  voids: int(),
  voidStakes: int(),
});
export type OpsCashoutReportRow = z.infer<typeof opsCashoutReportRowSchema>;

export const opsReportResponseSchema = z.object({
  result: z.object({
    name: z.enum(OPS_REPORTS),
    from: z.string(),
    to: z.string(),
    /** The time zone the days are in (labelled on the desk and in the CSV's name). */
    timeZone: z.string(),
    groupBy: z.array(z.string()),
    rows: z.array(z.union([opsBookReportRowSchema, opsCashoutReportRowSchema])),
  }),
});
export type OpsReportResponse = z.infer<typeof opsReportResponseSchema>;
