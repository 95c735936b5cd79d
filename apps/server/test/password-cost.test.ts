import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT } from '../src/demo-accounts.seed';
import { users } from '../src/modules/identity/identity.tables';
import { createTestServer } from './support/server';

/** The demo client's stored password hash, on a server built with the given NODE_ENV. */
async function demoHash(nodeEnv: 'production' | 'test'): Promise<string> {
  const server = await createTestServer('pglite', { config: { NODE_ENV: nodeEnv } });
  try {
    const [row] = await server.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.username, DEMO_CLIENT.username));
    return row!.hash;
  } finally {
    await server.close();
  }
}

/** Tests hash at argon2's smallest cost; the composition root keeps the real one for every other NODE_ENV. */
describe('password hashing cost of a built server', () => {
  it('is OWASP’s argon2id minimum in production', async () => {
    expect(await demoHash('production')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('is the cheap one under NODE_ENV=test', async () => {
    expect(await demoHash('test')).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
  });
});
