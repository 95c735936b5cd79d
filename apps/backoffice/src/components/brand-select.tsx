import { useEffect, useState } from 'react';
import type { OpsPickLists } from '@sb/contract';
import { getPickLists } from '../features/ticker/api/get-pick-lists';

/** The brands (the operator's scope) and sports by name, for forms that name one (empty until loaded or on failure). */
export function usePickLists(): OpsPickLists {
  const [lists, setLists] = useState<OpsPickLists>({ brands: [], sports: [], client: null });
  useEffect(() => {
    let live = true;
    getPickLists().then(
      (l) => live && setLists(l),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return lists;
}

/**
 * A brand picked by name (the value is its id as text; '' = every brand when `every` names that choice). A brand's
 * operator sees only its own brand; until the list arrives, a chosen id still shows as chosen.
 */
export function BrandSelect(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  brands: OpsPickLists['brands'];
  every?: string;
  disabled?: boolean;
}) {
  const known = props.value === '' || props.brands.some((b) => String(b.id) === props.value);
  return (
    <label>
      {props.label}
      <select
        name={props.name}
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.every !== undefined ? <option value="">{props.every}</option> : <option value="" disabled />}
        {!known && <option value={props.value}>…</option>}
        {props.brands.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </select>
    </label>
  );
}
