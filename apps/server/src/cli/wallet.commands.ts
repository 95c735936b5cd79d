import { randomUUID } from 'node:crypto';
import { cents, formatMoney, parseAmount, type Cents } from '@sb/betting';
import type { Command, Flags, Modules } from './command';
import { requireFlag } from './command';
import { appOf, userOf } from './identity.commands';

function amountOf(flags: Flags): Cents {
  const amount = parseAmount(requireFlag(flags, 'amount'));
  if (amount <= 0) throw new Error('--amount must be above 0 (e.g. 250.00)');
  return amount;
}

/** A reseller deposit (credit) or withdrawal (debit) through the ledger; --key makes a retry safe. */
async function move(modules: Modules, flags: Flags, kind: 'deposit' | 'withdrawal') {
  const user = await userOf(modules, flags);
  if (user.role !== 'ROLE_CLIENT') throw new Error(`${user.username} is not a client`);
  const resellerId = flags.reseller ? (await userOf(modules, flags, 'reseller')).id : user.resellerId;
  const transfer = {
    appId: user.appId,
    userId: user.id,
    currency: user.currencyIso,
    amount: amountOf(flags),
    type: kind,
    idempotencyKey: flags.key ?? `cli:${randomUUID()}`,
    counterparty: resellerId ? { kind: 'reseller' as const, userId: resellerId } : { kind: 'house' as const },
  };
  const { wallet } = modules;
  const result =
    kind === 'deposit' ? await wallet.service.credit(transfer) : await wallet.service.debit(transfer);
  const { cash } = await wallet.service.balances(user);
  return { result, cash, user };
}

const moveFlags =
  '--username U --amount 250.00 [--app id|host] [--reseller USERNAME] [--key IDEMPOTENCY_KEY]';

/** client:credit and client:debit: the same reseller movement in either direction. */
function moveCommand(kind: 'deposit' | 'withdrawal', summary: string, done: string): Command {
  return {
    summary: `${summary}: ${moveFlags}`,
    async run(modules, flags, print) {
      const { result, cash, user } = await move(modules, flags, kind);
      const balance = formatMoney(cents(cash), { symbol: user.currencyIso, position: 'after' });
      print(
        `${result.replayed ? 'already done' : done} movement ${result.movement.id}; ${user.username} balance ${balance}`,
      );
    },
  };
}

export const walletCommands: Record<string, Command> = {
  'client:credit': moveCommand(
    'deposit',
    'deposit to a client through their reseller (or the house)',
    'credited',
  ),
  'client:debit': moveCommand(
    'withdrawal',
    'withdraw from a client through their reseller (or the house)',
    'debited',
  ),
  'client:list': {
    summary: 'list clients and resellers with balances: [--app id|host]',
    async run(modules, flags, print) {
      const app = await appOf(modules, flags);
      print('id\trole\tusername\tname\tcash\tbonus');
      for (const user of await modules.identity.service.listUsers(app.id)) {
        const currency = { symbol: user.currencyIso, position: 'after' as const };
        const money = (n: number) => formatMoney(cents(n), currency);
        if (user.role === 'ROLE_RESELLER') {
          const net = await modules.wallet.service.contraBalance(
            app.id,
            { kind: 'reseller', userId: user.id },
            user.currencyIso,
          );
          print(
            `${user.id}\treseller\t${user.username}\t${user.firstName} ${user.lastName}\tnet ${money(net)}\t-`,
          );
          continue;
        }
        const { cash, bonus } = await modules.wallet.service.balances(user);
        print(
          `${user.id}\tclient\t${user.username}\t${user.firstName} ${user.lastName}\t${money(cash)}\t${money(bonus)}`,
        );
      }
    },
  },
  'ledger:audit': {
    summary:
      'check the ledger of an app: entries sum to zero, cached balances equal their entries: [--app id|host]',
    async run(modules, flags, print) {
      const app = await appOf(modules, flags);
      const audit = await modules.wallet.service.audit(app.id);
      print(
        `entries total ${audit.total}; unbalanced movements ${audit.unbalancedMovements}; mismatched accounts ${audit.mismatched.join(',') || 'none'}`,
      );
      if (audit.total !== 0 || audit.unbalancedMovements > 0 || audit.mismatched.length > 0)
        throw new Error('ledger audit failed');
    },
  },
};
