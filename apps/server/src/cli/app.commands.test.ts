import { describe, expect, it } from 'vitest';
import { appCommands } from './app.commands';
import type { Modules } from './command';

/** The tenancy service as the app commands use it, over two brands in memory. */
function fakeModules() {
  const apps = [
    { id: 1, hostnames: ['localhost', '127.0.0.1'] },
    { id: 2, hostnames: ['kartal.localhost'] },
  ];
  const links = new Map<number, Record<string, string | null>>();
  const service = {
    async findById(id: number) {
      return apps.find((a) => a.id === id) ?? null;
    },
    async findByHost(host: string) {
      return apps.find((a) => a.hostnames.includes(host)) ?? null;
    },
    async setLinks(id: number, next: Record<string, string | null>) {
      links.set(id, { ...links.get(id), ...next });
      return true;
    },
  };
  return { modules: { tenancy: { service } } as unknown as Modules, links };
}

describe('ops app:links', () => {
  it.each([
    ['an id', '2', 2],
    ['a host name', 'kartal.localhost', 2],
    ['the first brand by host name', 'localhost', 1],
  ])('takes %s for --app (README: an id or a host name)', async (_, app, id) => {
    const { modules, links } = fakeModules();
    const lines: string[] = [];
    await appCommands['app:links']!.run(
      modules,
      { app, apk: '/downloads/demo-app.apk', support: 'none' },
      (l) => lines.push(l),
    );
    expect(links.get(id)).toEqual({ androidApkUrl: '/downloads/demo-app.apk', supportChatUrl: null });
    expect(lines[0]).toContain(`app ${id}:`);
  });

  it('names an unknown app, and asks for --app', async () => {
    const { modules } = fakeModules();
    const run = (flags: Record<string, string>) => appCommands['app:links']!.run(modules, flags, () => {});
    await expect(run({ app: 'nowhere.example', apk: 'none' })).rejects.toThrow(/no app 'nowhere.example'/);
    await expect(run({ apk: 'none' })).rejects.toThrow(/--app is required/);
  });
});
