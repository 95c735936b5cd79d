import { useMemo } from 'react';
import { money, percent } from '../../api';
import type { formats } from '../../app/chart-formats';
import type { Lang } from '../../i18n';
import type { Dashboard as Figures } from '../../results-api';
import type { ResultsTexts } from '../../results-texts';
import { UChart } from '../../UChart';
import {
  dayOptions,
  minuteOptions,
  perDayData,
  perMinuteData,
  rtpData,
  rtpOptions,
} from './dashboard-series';

type Formats = ReturnType<typeof formats>;

/** The casino families' RTP: a chart of actual against theoretical, and their rounds in a table. */
function RtpPanel({ rt, fmt, rtp }: { rt: ResultsTexts; fmt: Formats; rtp: Figures['rtp'] }) {
  const data = useMemo(() => rtpData(rtp), [rtp]);
  const families = rtp.map((r) => r.family).join('|');
  const options = useMemo(() => rtpOptions(rt, families, fmt), [rt, families, fmt]);
  return (
    <section className="panel">
      <h2>{rt.rtp}</h2>
      {rtp.length === 0 ? (
        <p className="status">{rt.noRounds}</p>
      ) : (
        <UChart key={families} options={options} data={data} label={rt.rtp} />
      )}
      <table>
        <thead>
          <tr>
            <th>{rt.family}</th>
            <th className="num">{rt.rounds}</th>
            <th className="num">{rt.actual}</th>
            <th className="num">{rt.theoretical}</th>
          </tr>
        </thead>
        <tbody>
          {rtp.map((r) => (
            <tr key={r.family}>
              <td>{r.family}</td>
              <td className="num">{r.rounds}</td>
              <td className="num">{percent(r.actualBp)}</td>
              <td className="num">{percent(r.theoreticalBp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The book by day, brand and sport: turnover, GGR and hold of each. */
function BookPanel({
  rt,
  lang,
  fmt,
  figures,
}: {
  rt: ResultsTexts;
  lang: Lang;
  fmt: Formats;
  figures: Figures | null;
}) {
  const sportNames = new Map((figures?.sports ?? []).map((sp) => [sp.id, sp.name[lang]]));
  return (
    <section className="panel">
      <h2>
        {rt.day} × {rt.sport} × {rt.brand}
      </h2>
      <table data-testid="book">
        <thead>
          <tr>
            <th>{rt.day}</th>
            <th>{rt.brand}</th>
            <th>{rt.sport}</th>
            <th className="num">{rt.turnover}</th>
            <th className="num">{rt.ggr}</th>
            <th className="num">{rt.hold}</th>
          </tr>
        </thead>
        <tbody>
          {(figures?.book ?? []).map((r) => (
            <tr key={`${r.day}-${r.brandId}-${r.sportId}-${r.currency}`}>
              <td>{fmt.date(Date.parse(`${r.day}T00:00:00Z`) / 1000)}</td>
              <td>{r.brand}</td>
              <td>{r.sportId === 0 ? rt.mixed : (sportNames.get(r.sportId) ?? r.sportId)}</td>
              <td className="num">
                {money(r.turnover)} {r.currency}
              </td>
              <td className={`num ${r.ggr < 0 ? 'neg' : ''}`}>{money(r.ggr)}</td>
              <td className="num">{percent(r.holdBp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The dashboard's charts (per day, per minute, RTP) and the book's table. */
export function DashboardCharts(props: {
  rt: ResultsTexts;
  lang: Lang;
  fmt: Formats;
  days: number;
  figures: Figures | null;
}) {
  const { rt, fmt, days, figures } = props;
  const perDay = useMemo(() => perDayData(figures, days), [figures, days]);
  const perMinute = useMemo(() => perMinuteData(figures), [figures]);
  const dayChart = useMemo(() => dayOptions(rt, fmt), [rt, fmt]);
  const minuteChart = useMemo(() => minuteOptions(rt, fmt), [rt, fmt]);
  return (
    <div className="charts">
      <section className="panel">
        <h2>{rt.perDay}</h2>
        <UChart options={dayChart} data={perDay} label={rt.perDay} />
      </section>
      <section className="panel">
        <h2>{rt.betsPerMinute}</h2>
        <UChart options={minuteChart} data={perMinute} label={rt.betsPerMinute} />
      </section>
      <RtpPanel rt={rt} fmt={fmt} rtp={figures?.rtp ?? []} />
      <BookPanel {...props} />
    </div>
  );
}
