import { useEffect } from 'react';
import type { OpsReferral } from '@sb/contract';

/** The queue's state and the decisions the keys run. */
interface ReferralKeys {
  rows: OpsReferral[] | null;
  selected: number | null;
  setSelected: (id: number) => void;
  setForm: (form: null) => void;
  canDecide: boolean;
  current: OpsReferral | null;
  decide: (kind: 'accept') => Promise<void>;
  openForm: (kind: 'reject' | 'offer') => void;
}

/** Keys: ↑ ↓ choose, A accept, J reject, O counter-offer, Esc closes the form; not while typing in a field. */
export function useReferralKeys(keys: ReferralKeys) {
  const { rows, selected, setSelected, setForm, canDecide, current, decide, openForm } = keys;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') return setForm(null);
      const target = e.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (e.ctrlKey || e.metaKey || e.altKey || !rows?.length) return;
      const at = rows.findIndex((r) => r.betId === selected);
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const next = Math.min(rows.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)));
        setSelected(rows[next]!.betId);
        setForm(null);
        return;
      }
      if (!canDecide) return;
      const key = e.key.toLowerCase();
      if (key === 'a') void decide('accept');
      else if (key === 'j') openForm('reject');
      else if (key === 'o' && current?.state === 'open') openForm('offer');
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
    // openForm and the setters only set state: the listener is renewed when what it reads changes.
  }, [rows, selected, canDecide, current, decide]);
}
