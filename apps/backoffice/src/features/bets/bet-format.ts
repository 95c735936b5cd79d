import type { Lang } from '../../i18n';

/** A User-Agent as an operator reads it: the browser and the system ("Chrome on Android"), else the raw text. */
export function deviceOf(agent: string | null): string | null {
  if (!agent) return null;
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /OPR\//.test(agent)
      ? 'Opera'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /Chrome\//.test(agent)
          ? 'Chrome'
          : /Safari\//.test(agent)
            ? 'Safari'
            : null;
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  return browser && system ? `${browser} · ${system}` : agent.slice(0, 80);
}

/** A moment of the bet as the desk shows it (date and time, medium), or a dash for none yet. */
export const whenOf = (lang: Lang) => (iso: string | null) =>
  iso === null
    ? '—'
    : new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
        dateStyle: 'medium',
        timeStyle: 'medium',
      }).format(new Date(iso));
