import { formatOdds } from '@sb/betting';
import type { Lang } from '../../i18n';
import { MoneyReport } from '../../MoneyReport';
import type { ResultReport, ResultsMarket } from '../../results-api';
import type { ResultsTexts } from '../../results-texts';
import type { Facts } from './results-facts';

type Action = 'result' | 'void' | 'resettle';

/** The chosen market and the form's state (useResultsDesk), and whether this operator may settle. */
export interface ResultFormProps {
  rt: ResultsTexts;
  lang: Lang;
  market: ResultsMarket;
  canAct: boolean;
  facts: Facts;
  setFacts: (next: Facts) => void;
  reason: string;
  setReason: (reason: string) => void;
  note: string;
  setNote: (note: string) => void;
  report: ResultReport | null;
  error: string | null;
  act: (action: Action, preview: boolean) => Promise<void>;
}

/** Result (or resettle, for a resolved market) with a preview first, and void. */
function ResultActions({ rt, market, act }: ResultFormProps) {
  return (
    <div className="actions">
      {market.state === 'resolved' ? (
        <>
          <button onClick={() => void act('resettle', true)}>{rt.preview}</button>
          <button className="primary" onClick={() => void act('resettle', false)}>
            {rt.resettle}
          </button>
        </>
      ) : (
        <>
          <button onClick={() => void act('result', true)}>{rt.preview}</button>
          <button className="primary" onClick={() => void act('result', false)}>
            {rt.result}
          </button>
        </>
      )}
      <button className="danger" onClick={() => void act('void', false)}>
        {rt.void}
      </button>
    </div>
  );
}

/** The facts (scores, goals, periods), the reason (a resettle's or a void's) and a note, then the actions. */
function FactsFieldset(props: ResultFormProps) {
  const { rt, market, canAct, facts, setFacts, reason, setReason, note, setNote } = props;
  const field = (key: keyof Facts, label: string, wide = false) => (
    <label className={wide ? 'wide' : undefined}>
      {label}
      <input
        name={key}
        inputMode={wide ? 'text' : 'numeric'}
        value={facts[key]}
        onChange={(e) => setFacts({ ...facts, [key]: e.target.value })}
      />
    </label>
  );
  const reasons = market.state === 'resolved' ? rt.resettleReasons : rt.voidReasons;
  return (
    <fieldset disabled={!canAct}>
      <legend>{rt.facts}</legend>
      {field('home', rt.home)}
      {field('away', rt.away)}
      {field('htHome', rt.htHome)}
      {field('htAway', rt.htAway)}
      {field('goals', rt.goals, true)}
      {field('periods', rt.periods, true)}
      <label>
        {rt.reason}
        <select name="reason" value={reason} onChange={(e) => setReason(e.target.value)}>
          <option value="">—</option>
          {Object.entries(reasons).map(([k, v]) => (
            <option key={k} value={k}>
              {v}
            </option>
          ))}
        </select>
      </label>
      <label className="wide">
        {rt.note}
        <input name="note" value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <ResultActions {...props} />
    </fieldset>
  );
}

/** One market's selections with their results, the result form, and the money report of the last action. */
export function ResultForm(props: ResultFormProps) {
  const { rt, lang, market, report, error } = props;
  return (
    <div className="result-form" data-testid="result-form">
      <h3>
        {market.name[lang]} {market.s}
      </h3>
      <table>
        <tbody>
          {market.selections.map((s) => (
            <tr key={s.id}>
              <td>{s.name}</td>
              <td className="num">{formatOdds(s.odd)}</td>
              <td data-result={s.result ?? ''}>{s.result ? (rt.words[s.result] ?? s.result) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <FactsFieldset {...props} />
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {report && <MoneyReport rt={rt} report={report} />}
    </div>
  );
}
