import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { cents } from '@sb/betting';
import type { OpsAdjustment, OpsClientFound, OpsClientMatch } from '@sb/contract';
import type { Db, DbOrTx } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../plugins/errors';
import type { WalletService } from '../wallet/index';
import type { AuditLog } from './audit';
import { createClientOfficeRepository, type AdjustmentRow } from './client-office.repository';
import type { OperatorContext } from './operators';

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();
const isoOrNull = (v: unknown) => (v == null ? null : iso(v));
const like = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
const INT32_MAX = 2_147_483_647;

/** The block as the limits module keeps it (issue 35): the stakes it refuses are refused there. */
export interface ClientBlocks {
  blockOf(userId: number): Promise<{ at: string; reason: string } | null>;
  setBlock(
    userId: number,
    reason: string | null,
    tx: DbOrTx,
  ): Promise<{ before: { at: string; reason: string } | null; after: { at: string; reason: string } | null }>;
}

/** Who acts and from where, for the audit log written in the action's transaction. */
export interface Acting {
  operator: OperatorContext;
  address: string;
}

/** A client as the actions need them: brand and currency. */
export interface ClientRef {
  id: number;
  appId: number;
  currency: string;
}

export const toAdjustment = (r: AdjustmentRow): OpsAdjustment => ({
  id: r.id,
  clientId: r.userId,
  amount: r.amount,
  currency: r.currency,
  reason: r.reason,
  status: r.status,
  requestedBy: r.requestedBy,
  decidedBy: r.decidedBy,
  decisionReason: r.decisionReason,
  movementId: r.movementId,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
});

/** Whether the operator acting is the one who asked (the automation token has no operator id: its name). */
export const sameOperator = (r: Pick<AdjustmentRow, 'requestedById' | 'requestedBy'>, o: OperatorContext) =>
  r.requestedById !== null || o.operatorId !== null
    ? r.requestedById === o.operatorId
    : r.requestedBy === o.username;

/**
 * Issue 35 §2: finding clients, the client 360's additions (block, lifetime stakes, logins, notes, adjustments) and
 * the actions on a client. Every action runs in one transaction with its audit entry; money moves only through the
 * ledger (`wallet`), never below zero, once per idempotency key.
 */
export function createClientOffice(deps: {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  wallet: Pick<WalletService, 'credit' | 'debit'>;
  blocks: ClientBlocks;
}) {
  const { db, audit } = deps;
  const repo = createClientOfficeRepository(db);
  const now = () => new Date(deps.clock.now());
  const record = (
    tx: DbOrTx,
    acting: Acting,
    client: ClientRef,
    entry: { action: string; reason?: string | null; before?: unknown; after?: unknown },
  ) =>
    audit.record(
      {
        actor: acting.operator,
        target: `client:${client.id}`,
        brandId: client.appId,
        outcome: 'ok',
        status: 200,
        address: acting.address,
        ...entry,
      },
      tx,
    );

  /** Posts an adjustment's money in `tx` (409 insufficient_funds rolls it back: never below zero). */
  async function postMoney(tx: DbOrTx, row: AdjustmentRow): Promise<number> {
    const transfer = {
      appId: row.appId,
      userId: row.userId,
      currency: row.currency,
      amount: cents(Math.abs(row.amount)),
      type: 'adjustment' as const,
      idempotencyKey: `ops-adjustment:${row.id}`,
    };
    const moved =
      row.amount > 0 ? await deps.wallet.credit(transfer, tx) : await deps.wallet.debit(transfer, tx);
    return moved.movement.id;
  }

  return {
    /** The client's brand and currency, or null (no such client). */
    async client(userId: number): Promise<ClientRef | null> {
      const row = await repo.clientRef(userId);
      return row ? { id: userId, appId: Number(row.app_id), currency: String(row.currency_iso) } : null;
    },

    /** Clients by id, username or e-mail (prefix), name (any part) or an address they bet or logged in from. */
    async search(
      text: string,
      brandId: number | null,
      limit: number,
      page: number,
    ): Promise<OpsClientFound[]> {
      const q = text.trim();
      const id = /^\d{1,10}$/.test(q) && Number(q) <= INT32_MAX ? Number(q) : null;
      const rows = await repo.search(
        { prefix: `${like(q)}%`, contains: `%${like(q)}%`, id, ip: isIP(q) ? q : null },
        brandId,
        limit,
        (page - 1) * limit,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        brand: { id: Number(r.app_id), name: String(r.brand ?? '') },
        username: String(r.username),
        name: `${String(r.first_name ?? '')} ${String(r.last_name ?? '')}`.trim(),
        email: String(r.email ?? ''),
        currency: String(r.currency_iso),
        createdAt: iso(r.created_at),
        debt: Number(r.debt ?? 0),
        blocked: r.blocked === true,
        matched: String(r.matched) as OpsClientMatch,
      }));
    },

    /** What issue 35 adds to the client page. */
    async extras(client: ClientRef) {
      const [blocked, sportsStakes, logins, notes, adjustments, above] = await Promise.all([
        deps.blocks.blockOf(client.id),
        repo.lifetimeSportsStakes(client.id),
        repo.logins(client.id, 30),
        repo.notes(client.id, 50),
        repo.adjustments(client.id, 50),
        repo.approvalAbove(client.appId),
      ]);
      return {
        blocked,
        sportsStakes,
        logins: logins.map((l) => ({
          at: iso(l.created_at),
          ip: l.ip == null ? null : String(l.ip),
          device: l.user_agent == null ? null : String(l.user_agent),
          endedAt: isoOrNull(l.revoked_at),
        })),
        notes: notes.map((n) => ({
          id: n.id,
          at: n.createdAt.toISOString(),
          operator: n.operator,
          text: n.text,
        })),
        adjustments: adjustments.map(toAdjustment),
        adjustmentApprovalAbove: above,
      };
    },

    /** Blocks (a reason) or unblocks the client: their stakes are refused (`account_blocked`) while blocked. */
    setBlock(acting: Acting, client: ClientRef, block: boolean, reason: string) {
      return db.transaction(async (tx) => {
        const { before, after } = await deps.blocks.setBlock(client.id, block ? reason : null, tx);
        await record(tx, acting, client, {
          action: block ? 'client.block' : 'client.unblock',
          reason,
          before: { blocked: before },
          after: { blocked: after },
        });
        return after;
      });
    },

    addNote(acting: Acting, client: ClientRef, text: string) {
      return db.transaction(async (tx) => {
        const o = acting.operator;
        const note = await createClientOfficeRepository(tx).insertNote({
          userId: client.id,
          appId: client.appId,
          operatorId: o.operatorId,
          operator: o.username,
          text,
          createdAt: now(),
        });
        await record(tx, acting, client, { action: 'client.note', after: { id: note.id, text } });
        return { id: note.id, at: note.createdAt.toISOString(), operator: note.operator, text: note.text };
      });
    },

    /**
     * A manual adjustment of the client's cash: posted at once at or below the brand's amount, else pending a
     * second operator. A retry with the same key answers the first (a different adjustment under it: 409).
     */
    adjust(
      acting: Acting,
      client: ClientRef,
      input: { amount: number; reason: string; key?: string | undefined },
    ) {
      const key = input.key ?? randomUUID();
      return db.transaction(async (tx) => {
        const r = createClientOfficeRepository(tx);
        const inserted = await r.insertAdjustment({
          appId: client.appId,
          userId: client.id,
          amount: input.amount,
          currency: client.currency,
          reason: input.reason,
          idempotencyKey: key,
          status: Math.abs(input.amount) > (await r.approvalAbove(client.appId)) ? 'pending' : 'posted',
          requestedById: acting.operator.operatorId,
          requestedBy: acting.operator.username,
          decidedById: null,
          decidedBy: null,
          decisionReason: null,
          movementId: null,
          createdAt: now(),
          decidedAt: null,
        });
        if (!inserted) {
          const first = await r.adjustmentByKey(client.appId, key);
          if (!first || first.userId !== client.id || first.amount !== input.amount)
            throw new HttpError(409, 'idempotency_conflict', 'this key was used for another adjustment');
          return { adjustment: toAdjustment(first), replayed: true };
        }
        let row = inserted;
        if (row.status === 'posted')
          row = await r.decideAdjustment(row.id, {
            status: 'posted',
            decidedById: null,
            decidedBy: null,
            decisionReason: null,
            movementId: await postMoney(tx, row),
            decidedAt: now(),
          });
        const adjustment = toAdjustment(row);
        await record(tx, acting, client, {
          action: row.status === 'pending' ? 'client.adjustment.request' : 'client.adjustment',
          reason: input.reason,
          after: adjustment,
        });
        return { adjustment, replayed: false };
      });
    },

    /** A second, different operator approves (money posted) or rejects a pending adjustment of this client. */
    decide(acting: Acting, client: ClientRef, id: number, approve: boolean, reason: string | null) {
      return db.transaction(async (tx) => {
        const r = createClientOfficeRepository(tx);
        const row = await r.lockAdjustment(id);
        if (!row || row.userId !== client.id) throw new HttpError(404, 'not_found', 'adjustment not found');
        if (row.status !== 'pending')
          throw new HttpError(409, 'adjustment_decided', `this adjustment is ${row.status} already`);
        if (approve && sameOperator(row, acting.operator))
          throw new HttpError(
            403,
            'second_operator_required',
            'a second, different operator must approve this adjustment',
          );
        const before = toAdjustment(row);
        const decided = await r.decideAdjustment(row.id, {
          status: approve ? 'posted' : 'rejected',
          decidedById: acting.operator.operatorId,
          decidedBy: acting.operator.username,
          decisionReason: reason,
          movementId: approve ? await postMoney(tx, row) : null,
          decidedAt: now(),
        });
        const after = toAdjustment(decided);
        await record(tx, acting, client, {
          action: approve ? 'client.adjustment.approve' : 'client.adjustment.reject',
          reason,
          before,
          after,
        });
        return after;
      });
    },
  };
}

export type ClientOffice = ReturnType<typeof createClientOffice>;
