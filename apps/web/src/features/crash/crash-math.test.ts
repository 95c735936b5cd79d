import { describe, expect, it } from 'vitest';
import { crashPointOf, parseMultiplier, parseStake, randomClientSeed, saltOf, sha256Hex } from './crash-math';

// The same independently computed vectors as the server's test (Python, from the formula).
const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';

describe('crash maths in the browser (Web Crypto)', () => {
  it('recomputes crash points and the chain link', async () => {
    expect(await crashPointOf('4eb92aa36ba40defe6108ebcb67bcb74d74db89bfd6f9d802c2aabed179ea107', SALT)).toBe(
      400,
    );
    expect(await crashPointOf('1cbd7155b8fa9876f30c306235aaa5aa436898cf29fd4c05848e35fa0749b70d', SALT)).toBe(
      106,
    );
    expect(await sha256Hex('f825d0f9e5c543c252729cabf45eb3ca0fa3cc9f7226799612d38e2ec812e6ca')).toBe(
      '1cbd7155b8fa9876f30c306235aaa5aa436898cf29fd4c05848e35fa0749b70d',
    );
  });

  it('recomputes a chain salt from its terminating hash and client seeds (issue 31 item 7a)', async () => {
    // Python: sha256('\n'.join(['a' * 64, 'alice-1', 'bob_2']).encode()).hexdigest()
    expect(await saltOf('a'.repeat(64), ['alice-1', 'bob_2'])).toBe(
      '4d314ea3cc10368f4f7577e9ee7fc30b1f266d2c8b814794616fbc084676d026',
    );
    expect(randomClientSeed()).toMatch(/^[0-9a-f]{32}$/);
    expect(randomClientSeed()).not.toBe(randomClientSeed());
  });

  it('parses inputs to exact units', () => {
    expect(parseStake('1.5')).toBe(150);
    expect(parseStake('2,05')).toBe(205);
    expect(parseStake('1.505')).toBeNull();
    expect(parseStake('abc')).toBeNull();
    expect(parseMultiplier('1.5')).toBe(150);
    expect(parseMultiplier('1')).toBeNull();
  });
});
