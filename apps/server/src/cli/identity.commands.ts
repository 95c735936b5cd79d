import type { Command, Flags, Modules } from './command';
import { requireFlag } from './command';

/** The app named by --app: an id or one of its host names (default localhost). */
export async function appOf(modules: Modules, flags: Flags) {
  const ref = flags.app ?? 'localhost';
  const app = /^\d+$/.test(ref)
    ? await modules.tenancy.service.findById(Number(ref))
    : await modules.tenancy.service.findByHost(ref);
  if (!app) throw new Error(`no app '${ref}' (use an app id or a host name; see app:list)`);
  return app;
}

export async function userOf(modules: Modules, flags: Flags, flag = 'username') {
  const app = await appOf(modules, flags);
  const user = await modules.identity.service.findUser(app.id, requireFlag(flags, flag));
  if (!user) throw new Error(`no user '${flags[flag]}' in app ${app.id}`);
  return user;
}

async function createUser(modules: Modules, flags: Flags, role: 'ROLE_CLIENT' | 'ROLE_RESELLER') {
  const app = await appOf(modules, flags);
  const reseller = flags.reseller ? await userOf(modules, flags, 'reseller') : null;
  const user = await modules.identity.service.createUser({
    appId: app.id,
    role,
    username: requireFlag(flags, 'username'),
    password: requireFlag(flags, 'password'),
    resellerId: reseller?.id ?? null,
    firstName: flags.first ?? '',
    lastName: flags.last ?? '',
    email: flags.email ?? '',
    dateOfBirth: flags.birth ?? null,
    currencyIso: flags.currency ?? 'TRY',
    language: flags.locale === 'en' ? 'en' : 'tr',
  });
  return user;
}

const userFlags =
  '--username U --password P [--app id|host] [--first F --last L --email E --birth YYYY-MM-DD --currency TRY --locale tr]';

export const identityCommands: Record<string, Command> = {
  'client:create': {
    summary: `create a client: ${userFlags} [--reseller USERNAME]`,
    async run(modules, flags, print) {
      const user = await createUser(modules, flags, 'ROLE_CLIENT');
      print(`created client ${user.id} ${user.username} in app ${user.appId}`);
    },
  },
  'reseller:create': {
    summary: `create a reseller: ${userFlags}`,
    async run(modules, flags, print) {
      const user = await createUser(modules, flags, 'ROLE_RESELLER');
      print(`created reseller ${user.id} ${user.username} in app ${user.appId}`);
    },
  },
  'client:revoke': {
    summary:
      'end every session of a user (they are logged out at the next call): --username U [--app id|host]',
    async run(modules, flags, print) {
      const user = await userOf(modules, flags);
      const count = await modules.identity.tokens.revokeUser(user.id, 'operator');
      print(`revoked ${count} session(s) of ${user.username}`);
    },
  },
};
