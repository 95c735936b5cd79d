import type { ReactNode } from 'react';

/**
 * The three states a view shows before or instead of its data, each distinct (issue 34 item 5): loading (nothing
 * known yet: never zeros, never "none"), empty (the server answered, and there is nothing), outage (the server
 * could not answer: the reason as a sentence, with a way to try again). A view shows at most one of them.
 */
export type ViewState = 'loading' | 'empty' | 'outage' | 'ready';

/** The state of a list from what is known: loaded or not, its length, the last error's sentence. */
export function viewStateOf(loaded: boolean, count: number, error: string | null): ViewState {
  if (error !== null && !loaded) return 'outage';
  if (!loaded) return 'loading';
  return count === 0 ? 'empty' : 'ready';
}

export function Loading({ label }: { label: string }) {
  return (
    <p className="view-state loading" role="status" aria-busy="true" data-state="loading">
      {label}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="view-state empty" data-state="empty">
      {children}
    </p>
  );
}

export function Outage({
  message,
  retry,
  onRetry,
}: {
  message: string;
  retry?: string;
  onRetry?: () => void;
}) {
  return (
    <div className="view-state outage error" role="alert" data-state="outage">
      <span>{message}</span>
      {onRetry && retry && (
        <button type="button" onClick={onRetry}>
          {retry}
        </button>
      )}
    </div>
  );
}

/** One of the three for a view whose data is not shown (`ready`: nothing). */
export function StateOf({
  state,
  loading,
  empty,
  outage,
  retry,
  onRetry,
}: {
  state: ViewState;
  loading: string;
  empty: ReactNode;
  outage: string | null;
  retry?: string;
  onRetry?: () => void;
}) {
  if (state === 'loading') return <Loading label={loading} />;
  if (state === 'empty') return <Empty>{empty}</Empty>;
  if (state === 'outage') return <Outage message={outage ?? ''} retry={retry} onRetry={onRetry} />;
  return null;
}

/** The same in a table's body: one row across its columns. */
export function TableState(props: Parameters<typeof StateOf>[0] & { colSpan: number }) {
  if (props.state === 'ready') return null;
  return (
    <tr className="state-row">
      <td colSpan={props.colSpan}>
        <StateOf {...props} />
      </td>
    </tr>
  );
}
