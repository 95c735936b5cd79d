import { z } from 'zod';
import { idParamSchema } from './common';
import { isTimeZone } from './time-zone';

/**
 * The desk's reports (issue 35 §4): `GET /ops/v1/reports/{name}?from=&to=&brand=&groupBy=&tz=&format=json|csv`.
 * Days are calendar days in the report's time zone (`tz`, else the operator's brand's, else UTC), `from` and `to`
 * both included, at most a year apart. Money in minor units of each row's currency (the CSV writes it as decimals).
 */
export const OPS_REPORTS = ['book', 'cashouts', 'casino', 'clients'] as const;
export type OpsReportName = (typeof OPS_REPORTS)[number];

/** What a book report can be broken down by (several, comma separated: `groupBy=day,sport`). */
export const OPS_BOOK_GROUPS = ['day', 'brand', 'sport', 'competition', 'marketFamily', 'betType'] as const;
export type OpsBookGroup = (typeof OPS_BOOK_GROUPS)[number];

/** What a casino report can be broken down by. */
export const OPS_CASINO_GROUPS = ['day', 'brand', 'provider', 'game'] as const;
export type OpsCasinoGroup = (typeof OPS_CASINO_GROUPS)[number];

/** Each report's groups and the ones it uses when `groupBy` is absent (an empty list: the report's fixed shape). */
export const OPS_REPORT_GROUPS: Record<OpsReportName, { allowed: readonly string[]; default: string[] }> = {
  book: { allowed: OPS_BOOK_GROUPS, default: ['day'] },
  cashouts: { allowed: [], default: ['day', 'brand'] },
  casino: { allowed: OPS_CASINO_GROUPS, default: ['provider', 'game'] },
  clients: { allowed: [], default: [] },
};

/** The clients report's sections (its rows' `section`), and how many winners and losers it lists per currency. */
export const OPS_CLIENT_SECTIONS = ['winners', 'losers', 'new', 'active', 'selfExcluded'] as const;
export const OPS_CLIENTS_TOP = 20;

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
  'stakes',
  'wins',
  'sportsStakes',
  'sportsPaid',
  'casinoStakes',
  'casinoWins',
  'net',
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
      // Absent: the report's default groups; which groups a report takes is checked against its name.
      .transform((v) => (v ? v.split(',').map((g) => g.trim()) : []))
      .pipe(
        z
          .array(
            z.enum([...new Set<string>([...OPS_BOOK_GROUPS, ...OPS_CASINO_GROUPS])] as [string, ...string[]]),
          )
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
  /** The sport's name in English and Turkish (`sportTr`); "Mixed" / "Karma" for 0. */
  sport: z.string().optional(),
  sportTr: z.string().optional(),
  /** 0 = a multiple across competitions, or money of no bet; names as the sport's. */
  competitionId: int().optional(),
  competition: z.string().optional(),
  competitionTr: z.string().optional(),
  /** The market family of a bet's legs (`multiple` across families, `none` without a bet). */
  marketFamily: z.string().optional(),
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

/** A row of the casino report (every game, the crash game's rounds included): the group's keys, then its money. */
export const opsCasinoReportRowSchema = z.object({
  day: z.string().optional(),
  brandId: int().optional(),
  brand: z.string().optional(),
  providerId: int().optional(),
  provider: z.string().optional(),
  gameId: int().optional(),
  game: z.string().optional(),
  currency: z.string(),
  /** Bets accepted by the seamless wallet less those rolled back, each on its day. */
  rounds: int(),
  /** Stakes less stakes rolled back, wins paid; GGR = stakes − wins. */
  stakes: int(),
  wins: int(),
  ggr: int(),
  /** Actual RTP = wins / stakes in hundredths of a percent (9612 = 96.12 %, rounded half up); null without stakes. */
  rtpBp: int().nullable(),
  /** The game's declared RTP, hundredths of a percent; over several games, their mean weighted by stakes. */
  theoreticalRtpBp: int().nullable(),
});
export type OpsCasinoReportRow = z.infer<typeof opsCasinoReportRowSchema>;

/**
 * A row of the clients report. `winners` and `losers`: the clients with the best and worst net result over the range
 * (sports bets settled and casino play in it; cash only), top {@link OPS_CLIENTS_TOP} per currency, one row each;
 * `new` (registered in the range), `active` (placed a bet or played in it) and `selfExcluded` (`clients`: now;
 * `inRange`: the exclusion set in the range): counts per brand and currency.
 */
export const opsClientReportRowSchema = z.object({
  section: z.enum(OPS_CLIENT_SECTIONS),
  rank: int().optional(),
  userId: int().optional(),
  username: z.string().optional(),
  brandId: int(),
  brand: z.string(),
  currency: z.string(),
  /** The client's cash staked and paid: sports bets settled in the range, casino bets and wins in it. */
  sportsStakes: int().optional(),
  sportsPaid: int().optional(),
  casinoStakes: int().optional(),
  casinoWins: int().optional(),
  /** The client's result: paid + wins − stakes (positive: the client won). */
  net: int().optional(),
  clients: int().optional(),
  inRange: int().optional(),
});
export type OpsClientReportRow = z.infer<typeof opsClientReportRowSchema>;

export const opsReportResponseSchema = z.object({
  result: z.object({
    name: z.enum(OPS_REPORTS),
    from: z.string(),
    to: z.string(),
    /** The time zone the days are in (labelled on the desk and in the CSV's name). */
    timeZone: z.string(),
    groupBy: z.array(z.string()),
    rows: z.array(
      z.union([
        opsBookReportRowSchema,
        opsCashoutReportRowSchema,
        opsCasinoReportRowSchema,
        opsClientReportRowSchema,
      ]),
    ),
  }),
});
export type OpsReportResponse = z.infer<typeof opsReportResponseSchema>;
