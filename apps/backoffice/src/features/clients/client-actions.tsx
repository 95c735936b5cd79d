import { useState, type FormEvent } from 'react';
import type { OpsClient360 } from '@sb/contract';
import { ApiError, money } from '../../api';
import type { Me } from '../../app/me';
import { errorText } from '../../app/error-text';
import { dateTime } from '../../app/format';
import type { Lang } from '../../i18n';
import { addClientNote, adjustClient, decideAdjustment, setClientBlock } from './api/clients-api';
import type { ClientNotice, ClientTexts } from './clients-texts';
import { may } from '../../app/may';

/** A signed money input (major units, "-10,50") as minor units, or null when empty, zero or not a number. */
export function signedMinorOf(text: string): number | null {
  const v = Number(text.trim().replace(/\s/g, '').replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(v) || v === 0) return null;
  return Math.round(v * 100);
}

/** Who may do what on a client (the server decides; the desk only does not offer what would be refused). */
export const clientPowers = (me: Me) => ({
  block: may(me, 'clients'),
  adjust: may(me, 'adjust'),
  note: may(me, 'note'),
});

interface Props {
  lang: Lang;
  ct: ClientTexts;
  me: Me;
  page: OpsClient360;
  /** After a change: the page is read again, and the outcome said (a notice by its key: it follows the language). */
  onDone: (notice: ClientNotice | null, error: string | null) => void;
}

/** A refusal as a sentence: the client screen's own words for its codes, else the desk's general ones. */
function sentence(lang: Lang, ct: ClientTexts, e: unknown): string {
  if (e instanceof ApiError && ct.errors[e.code]) return ct.errors[e.code]!;
  if (e instanceof ApiError && e.status === 400 && (e.field === 'amount' || e.field === 'reason'))
    return ct.errors[e.field]!;
  return errorText(lang, e);
}

/** Block / unblock with a reason. */
function BlockPanel({ lang, ct, me, page, onDone }: Props) {
  const [reason, setReason] = useState('');
  const blocked = page.blocked;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < 3) return onDone(null, ct.errors.reason!);
    try {
      await setClientBlock(page.client.id, !blocked, reason);
      setReason('');
      onDone(blocked ? 'unblockDone' : 'blockDone', null);
    } catch (err) {
      onDone(null, sentence(lang, ct, err));
    }
  };
  return (
    <section className="panel" data-testid="client-block">
      <h3>{ct.blockTitle}</h3>
      <p className="status">
        {blocked ? ct.blockedSince(dateTime(lang, blocked.at), blocked.reason) : ct.blockHint}
      </p>
      {clientPowers(me).block && (
        <form className="filters" onSubmit={submit}>
          <label className="wide">
            {ct.reason}
            <input name="blockReason" value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          <button className={blocked ? '' : 'danger'} type="submit">
            {blocked ? ct.unblock : ct.block}
          </button>
        </form>
      )}
    </section>
  );
}

/** Manual adjustments: the form (finance, admin) and the list, with a second operator's approval of pending ones. */
function AdjustmentsPanel({ lang, ct, me, page, onDone }: Props) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // One key per adjustment meant: a second click of a slow answer is the same adjustment.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const powers = clientPowers(me);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const minor = signedMinorOf(amount);
    if (minor === null) return onDone(null, ct.errors.amount!);
    if (reason.trim().length < 3) return onDone(null, ct.errors.reason!);
    try {
      const done = await adjustClient(page.client.id, { amount: minor, reason, idempotencyKey: key });
      setAmount('');
      setReason('');
      setKey(crypto.randomUUID());
      onDone(done.status === 'pending' ? 'waiting' : 'adjusted', null);
    } catch (err) {
      onDone(null, sentence(lang, ct, err));
    }
  };
  const decide = async (id: number, approve: boolean) => {
    try {
      await decideAdjustment(page.client.id, id, approve);
      onDone(approve ? 'approved' : 'rejected', null);
    } catch (err) {
      onDone(null, sentence(lang, ct, err));
    }
  };
  return (
    <section className="panel" data-testid="client-adjustments">
      <h3>{ct.adjustments}</h3>
      <p className="status">
        {ct.adjustHint(`${money(page.adjustmentApprovalAbove)} ${page.client.currency}`)}
      </p>
      {powers.adjust && (
        <form className="filters" onSubmit={submit}>
          <label>
            {ct.amount}
            <input
              name="adjustAmount"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </label>
          <label className="wide">
            {ct.reason}
            <input name="adjustReason" value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          <button className="primary" type="submit">
            {ct.adjust}
          </button>
        </form>
      )}
      <AdjustmentRows lang={lang} ct={ct} me={me} page={page} onDecide={decide} />
    </section>
  );
}

/** The client's adjustments, the pending ones with their approval (by an operator other than the one asking). */
function AdjustmentRows(
  props: Pick<Props, 'lang' | 'ct' | 'me' | 'page'> & {
    onDecide: (id: number, approve: boolean) => Promise<void>;
  },
) {
  const { lang, ct, me, page } = props;
  const powers = clientPowers(me);
  const decide = props.onDecide;
  return (
    <table>
      <tbody>
        {page.adjustments.length === 0 && (
          <tr>
            <td>{ct.noAdjustments}</td>
          </tr>
        )}
        {page.adjustments.map((a) => (
          <tr key={a.id} data-adjustment={a.id} data-status={a.status}>
            <td>{dateTime(lang, a.createdAt)}</td>
            <td className={`num ${a.amount < 0 ? 'neg' : 'pos'}`}>{money(a.amount)}</td>
            <td>
              {a.reason} · {ct.by(a.requestedBy)}
              {a.decidedBy && ` · ${ct.decidedBy(a.decidedBy)}`}
            </td>
            <td>{ct.statuses[a.status]}</td>
            <td>
              {a.status === 'pending' && powers.adjust && (
                <>
                  {a.requestedBy !== me.username && (
                    <button type="button" className="primary" onClick={() => void decide(a.id, true)}>
                      {ct.approve}
                    </button>
                  )}{' '}
                  <button type="button" onClick={() => void decide(a.id, false)}>
                    {ct.reject}
                  </button>
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Operators' notes on the client, newest first, and a new one. */
function NotesPanel({ lang, ct, me, page, onDone }: Props) {
  const [text, setText] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return onDone(null, ct.errors.note!);
    try {
      await addClientNote(page.client.id, text);
      setText('');
      onDone(null, null);
    } catch (err) {
      onDone(null, sentence(lang, ct, err));
    }
  };
  return (
    <section className="panel" data-testid="client-notes">
      <h3>{ct.notes}</h3>
      {clientPowers(me).note && (
        <form className="filters" onSubmit={submit}>
          <label className="wide">
            {ct.note}
            <textarea name="note" rows={2} value={text} onChange={(e) => setText(e.target.value)} />
          </label>
          <button type="submit">{ct.addNote}</button>
        </form>
      )}
      {page.notes.length === 0 && <p className="status">{ct.noNotes}</p>}
      {page.notes.map((n) => (
        <p key={n.id} className="note">
          <span className="status">
            {dateTime(lang, n.at)} · {n.operator}
          </span>{' '}
          {n.text}
        </p>
      ))}
    </section>
  );
}

/** Issue 35 §2's actions on the client 360: block, adjustments, notes. */
export function ClientActions(props: Props) {
  return (
    <div className="three">
      <BlockPanel {...props} />
      <AdjustmentsPanel {...props} />
      <NotesPanel {...props} />
    </div>
  );
}
