import { session, type TickerBet } from './api';

/** How long a dropped operator socket waits before it reconnects. */
const TICKER_RECONNECT_MS = 2_000;
/** The server's close code when the session is missing or has ended (no reconnecting then). */
const SESSION_ENDED = 4401;

/**
 * The operators' live topic (`/ops/v1/ticker`): the upgrade request carries the desk's session cookie (same
 * origin), the first message asks to sign in on it; hands new bets to `onBets` (and, watching an event, its
 * change notices to `onEvent`), reports the connection's state
 * and reconnects until the returned function stops it or the server closes it because the session ended.
 */
export function connectTicker(handlers: {
  sinceId?: () => number | undefined;
  onBets?: (bets: TickerBet[]) => void;
  onConnected?: (connected: boolean) => void;
  /** An event whose changes (markets, score and clock, bets, desk limits) to hear of: `onEvent` is told. */
  watchEvent?: number;
  onEvent?: (eventId: number) => void;
}): () => void {
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const connect = () => {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ops/v1/ticker`;
    socket = new WebSocket(url);
    // Without `onBets` (an event view) the socket asks for no ticker: only its watched event's notices.
    socket.onopen = () =>
      socket?.send(
        JSON.stringify({ type: 'auth', sinceId: handlers.sinceId?.(), bets: handlers.onBets !== undefined }),
      );
    socket.onmessage = (m) => {
      const msg = JSON.parse(String(m.data)) as { type: string; bets?: TickerBet[]; eventId?: number };
      if (msg.type === 'authenticated') {
        if (handlers.watchEvent !== undefined)
          socket?.send(JSON.stringify({ type: 'watch', eventId: handlers.watchEvent }));
        handlers.onConnected?.(true);
      }
      if (msg.type === 'bets' && msg.bets) handlers.onBets?.(msg.bets);
      if (msg.type === 'event' && msg.eventId !== undefined) handlers.onEvent?.(msg.eventId);
    };
    socket.onclose = (event) => {
      handlers.onConnected?.(false);
      if (event.code === SESSION_ENDED) return session.ended();
      if (!stopped) retry = setTimeout(connect, TICKER_RECONNECT_MS);
    };
  };
  connect();
  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    socket?.close();
  };
}
