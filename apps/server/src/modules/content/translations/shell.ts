import type { AreaTranslations } from './types';

/** The shell (start-up, header, not-found) and the stream frame served by the sports server. */
export const shell: AreaTranslations = {
  en: {
    'stream.reconnecting': 'Connection lost. Trying again…',
    'stream.session_expired': 'Your session has ended. Open the stream again to keep watching.',
    'stream.kick_off_at': 'Kick-off',
    'stream.simulated_note': 'Live match view drawn from the match data.',
    'stream.ball_safe': 'Ball safe',
    'stream.attack': 'Attack',
    'stream.dangerous_attack': 'Dangerous attack',
  },
  tr: {
    'stream.reconnecting': 'Bağlantı koptu. Yeniden deneniyor…',
    'stream.session_expired': 'Oturumunuz sona erdi. İzlemeye devam etmek için yayını yeniden açın.',
    'stream.kick_off_at': 'Başlama',
    'stream.simulated_note': 'Maç verilerinden çizilen canlı maç görünümü.',
    'stream.ball_safe': 'Top güvenli bölgede',
    'stream.attack': 'Atak',
    'stream.dangerous_attack': 'Tehlikeli atak',
  },
};
