import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { CasinoGame } from '@sb/contract';
import { useLocalePath } from '@/lib/app-context';
import { useAccessToken } from '@/lib/session';
import { openGameTab, playNowUrl } from '../api/play-now';

/**
 * Spec §2 Game tile and §6: play opens the game in a new tab when logged in, else goes to the login screen.
 * `demo` opens fun-money play, which needs no login (only for games that offer it).
 */
export function usePlayGame(): (game: CasinoGame, mode?: 'real' | 'demo') => void {
  const token = useAccessToken();
  const navigate = useNavigate();
  const to = useLocalePath();
  const login = to('/login');
  return useCallback(
    (game, mode = 'real') => {
      if (mode === 'demo' && game.demo) openGameTab(playNowUrl(game.extended_id, { demo: true }));
      else if (token) openGameTab(playNowUrl(game.extended_id, { token }));
      else navigate(login);
    },
    [token, navigate, login],
  );
}
