import { useState } from 'react';
import { readBigBet, saveBigBet, type BigBetSetting } from './big-bet';

/** The operator's big-bet setting, read from and saved to this browser as they change it. */
export function useBigBet(username: string) {
  const [big, setBig] = useState<BigBetSetting>(() => readBigBet(username));
  function setBigBet(next: BigBetSetting) {
    setBig(next);
    saveBigBet(username, next);
  }
  return [big, setBigBet] as const;
}
