import { LOCALES, opsBrandCreateSchema, themeColorScheme } from '@sb/contract';
import { DEMO_THEME, brandToCreate, parseBrandLink } from '../modules/tenancy/index';
import type { Command } from './command';
import { requireFlag } from './command';
import { appOf } from './identity.commands';

export const appCommands: Record<string, Command> = {
  'app:list': {
    summary: 'list apps (brands) with their primary host and client id',
    async run(modules, _flags, print) {
      for (const app of await modules.tenancy.service.list()) {
        print(`${app.id}\t${app.hostname}\t${app.name}\t${app.clientId}`);
      }
    },
  },
  'app:create': {
    summary:
      'create an app: --name N --hosts a.example,b.example [--locale tr] [--primary #hex] [--accent #hex] [--scheme light|dark] [--cashback 10] [--apk URL] [--support URL]',
    async run(modules, flags, print) {
      // The desk's creation (POST /ops/v1/brands) with its defaults: same checks, same derived theme.
      const base = (await modules.tenancy.service.list())[0];
      const theme = base?.theme ?? DEMO_THEME;
      const body = opsBrandCreateSchema.safeParse({
        name: requireFlag(flags, 'name'),
        hostnames: requireFlag(flags, 'hosts')
          .split(',')
          .map((h) => h.trim())
          .filter(Boolean),
        defaultLocale: flags.locale ?? 'en',
        locales: [...LOCALES],
        metaTitle: flags.title,
        theme: {
          primary: flags.primary ?? theme.primary,
          accent: flags.accent ?? theme.accent,
          scheme: flags.scheme ?? themeColorScheme(theme.background),
        },
        links: { androidApk: flags.apk, supportChat: flags.support },
        cashbackBasisPoints: Math.round(Number(flags.cashback ?? '0') * 100),
      });
      if (!body.success) {
        const issue = body.error.issues[0]!;
        throw new Error(`--${String(issue.path[0] ?? 'name')}: ${issue.message}`);
      }
      const row = await modules.tenancy.service.create(brandToCreate(body.data));
      print(`created app ${row.id}`);
    },
  },
  'app:links': {
    summary:
      "set a brand's outside addresses: --app ID|HOST [--apk URL|none] [--support URL|none] (Android overlay, support chat; none hides them)",
    async run(modules, flags, print) {
      requireFlag(flags, 'app');
      // An id or one of the brand's host names, as every command's --app (README).
      const { id } = await appOf(modules, flags);
      const links: { androidApkUrl?: string | null; supportChatUrl?: string | null } = {};
      if (flags.apk !== undefined) links.androidApkUrl = parseBrandLink('apk', flags.apk);
      if (flags.support !== undefined) links.supportChatUrl = parseBrandLink('support', flags.support);
      if (Object.keys(links).length === 0) throw new Error('give --apk and/or --support');
      await modules.tenancy.service.setLinks(id, links);
      print(
        `app ${id}: apk ${links.androidApkUrl ?? '(unchanged or none)'}, support ${links.supportChatUrl ?? '(unchanged or none)'}`,
      );
    },
  },
};
