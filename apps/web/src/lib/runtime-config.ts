/** The spec's three hosts; their base addresses come from /runtime-config.js (default: same origin). */
export type HostGroup = 'core' | 'api' | 'bsapi';

declare global {
  interface Window {
    __SB_CONFIG__?: Partial<Record<HostGroup, string>>;
  }
}

export function baseUrl(group: HostGroup): string {
  const configured = window.__SB_CONFIG__?.[group];
  return (configured || window.location.origin).replace(/\/$/, '');
}
