import { useTranslation } from '@/lib/i18n';
import { useVerifier } from './use-verifier';
import { VerifierRounds } from './verifier-rounds';
import { VerifierVerdict } from './verifier-verdict';
import './crash.css';

/**
 * Recomputes the current chain's salt from its terminating hash and the client seeds given after it, a round's
 * crash point from its hash and the salt, and checks the chain's link (SHA-256 of the next
 * round's hash must be this round's hash), in the browser with Web Crypto: the server's claims are only inputs.
 */
export function VerifierPage() {
  const { t } = useTranslation();
  const { form, rounds, pick, verify, verdict, error, saltCheck } = useVerifier();

  return (
    <div className="crash-page crash-verifier" data-testid="crash-verifier">
      <h1>{t('crash.verifier')}</h1>
      <p>{t('crash.verifier_text')}</p>
      {saltCheck && (
        <p data-testid="verify-salt" role="status">
          {t('crash.salt_check')}:{' '}
          {saltCheck.ok ? t('crash.salt_verified', { count: saltCheck.count }) : t('crash.salt_differs')}
        </p>
      )}
      {rounds.length > 0 && (
        <VerifierRounds rounds={rounds} hash={form.hash} onPick={(r) => pick(r, rounds)} />
      )}
      <label className="crash-field crash-field--wide">
        <span>{t('crash.round_hash')}</span>
        <input
          value={form.hash}
          onChange={(e) => form.setHash(e.target.value)}
          spellCheck={false}
          data-testid="verify-hash"
        />
      </label>
      <label className="crash-field crash-field--wide">
        <span>{t('crash.salt')}</span>
        <input value={form.salt} onChange={(e) => form.setSalt(e.target.value)} spellCheck={false} />
      </label>
      <label className="crash-field crash-field--wide">
        <span>{t('crash.next_hash')}</span>
        <input value={form.next} onChange={(e) => form.setNext(e.target.value)} spellCheck={false} />
      </label>
      <button type="button" className="crash-panel__button" onClick={() => void verify()}>
        {t('crash.verify')}
      </button>
      {error && (
        <p className="crash-panel__error" role="alert">
          {error}
        </p>
      )}
      {verdict && <VerifierVerdict verdict={verdict} />}
    </div>
  );
}
