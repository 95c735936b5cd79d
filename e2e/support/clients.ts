/** Clients only the browser tests use (made by global-setup), so a password change or a revoked session disturbs nobody else. */
export const E2E_CLIENTS = {
  password: { username: 'e2e-password', password: 'first-secret-2026' },
  revoke: { username: 'e2e-revoke', password: 'revoke-secret-2026' },
  limits: { username: 'e2e-limits', password: 'limits-secret-2026' },
  casino: { username: 'e2e-casino', password: 'casino-secret-2026' },
  /** Places, settles and cashes out bets, so the demo account's balance is not touched. */
  bets: { username: 'e2e-bets', password: 'bets-secret-2026' },
  /** Bets that the back-office test watches in the ticker and suspends. */
  desk: { username: 'e2e-desk', password: 'desk-secret-2026' },
  /** Bets the trading floor's bet page opens and voids (e2e/trading-floor-bets.test.ts): its balance is its own. */
  floor: { username: 'e2e-floor', password: 'floor-secret-2026' },
  /** Bets a match resulted by hand from the desk's one form (e2e/results-one-form.test.ts): its balance is its own. */
  result: { username: 'e2e-result', password: 'result-secret-2026' },
  /** Builds, places and follows a bet builder (e2e/builder.test.ts). */
  builder: { username: 'e2e-builder', password: 'builder-secret-2026' },
  /** Changes its odds format (e2e/polish.test.ts). */
  prefs: { username: 'e2e-prefs', password: 'prefs-secret-2026' },
  /** Dates, receipts and the brand's links as a Demo Bet player sees them (e2e/looks.test.ts). */
  looks: { username: 'e2e-looks', password: 'looks-secret-2026' },
  /** The same on Kartal Bahis: a client of the second brand, in Turkish. */
  kartal: { username: 'e2e-kartal', password: 'kartal-secret-2026', app: 'kartal.localhost', locale: 'tr' },
  /** Handicap bets, cash-outs and the crash balance (e2e/money.test.ts), on each brand. */
  money: { username: 'e2e-money', password: 'money-secret-2026' },
  moneyKartal: {
    username: 'e2e-money-tr',
    password: 'money-tr-secret-2026',
    app: 'kartal.localhost',
    locale: 'tr',
  },
  /** Bets referred to the desk for approval (e2e/referrals.test.ts), on each brand. */
  referral: { username: 'e2e-referral', password: 'referral-secret-2026' },
  referralKartal: {
    username: 'e2e-referral-tr',
    password: 'referral-tr-secret-2026',
    app: 'kartal.localhost',
    locale: 'tr',
  },
  /** Adjusted by two finance operators, blocked and unblocked from the desk (e2e/clients-office.test.ts). */
  office: { username: 'e2e-office', password: 'office-secret-2026' },
  /** Free bets with no cash at all (e2e/promotions.test.ts), on each brand. */
  promo: { username: 'e2e-promo', password: 'promo-secret-2026' },
  /** Places the bet a desk report must count (e2e/reports.test.ts). */
  reports: { username: 'e2e-reports', password: 'reports-secret-2026' },
  /** Takes an acca insurance in the slip (e2e/slip-rewards.test.ts). */
  insured: { username: 'e2e-insured', password: 'insured-secret-2026' },
  /** Takes odds boosts in the slip (e2e/odds-boost.test.ts), on each brand. */
  boost: { username: 'e2e-boost', password: 'boost-secret-2026' },
  boostKartal: {
    username: 'e2e-boost-tr',
    password: 'boost-tr-secret-2026',
    app: 'kartal.localhost',
    locale: 'tr',
  },
  promoKartal: {
    username: 'e2e-promo-tr',
    password: 'promo-tr-secret-2026',
    app: 'kartal.localhost',
    locale: 'tr',
  },
} as const;

/** Money the setup credits (through the CLI) to clients that play: the casino test spins, the betting test bets. */
export const E2E_CREDITS: Partial<Record<keyof typeof E2E_CLIENTS, string>> = {
  casino: '500.00',
  bets: '5000.00',
  office: '100.00',
  builder: '500.00',
  desk: '500.00',
  floor: '500.00',
  result: '500.00',
  looks: '500.00',
  kartal: '500.00',
  money: '500.00',
  moneyKartal: '500.00',
  referral: '500.00',
  referralKartal: '500.00',
  reports: '500.00',
  boost: '500.00',
  boostKartal: '500.00',
  insured: '500.00',
};

/** The seeded demo accounts (apps/server/src/demo-accounts.seed.ts, README "Demo data"). */
export const DEMO = { username: 'demo', password: 'demo-pass-2026' } as const;
export const DEMO_RESELLER = { username: 'reseller', password: 'reseller-pass-2026' } as const;
