import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESK, totpAt, traderDesk } from './support/desk';
import { urlFor, useBrowser } from './support/fixtures';

/**
 * Issue 35 §3 in Chromium, the desk at 1280×800 (en + tr): an admin creates a `risk` operator from the operators
 * screen with an initial password; the new operator signs in (enrolling a second factor) and sees what their role
 * may do and may not (results); the operators screen is not theirs. The admin disables them: their desk session ends
 * at once.
 */
const SHOTS = '.cache/screenshots';

describe('operators from the desk (issue 35 §3, 1280×800)', () => {
  const browser = useBrowser();
  const run = Date.now().toString(36);

  it('an admin creates a risk operator, who signs in and sees what they may do; disabled, their session ends', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const admin = await (await browser.newContext(DESK)).newPage();
    await traderDesk(admin, `op-admin-${run}`, 'admin');
    await admin.getByRole('link', { name: 'Operators', exact: true }).click();
    await admin.waitForURL(/\/backoffice\/operators$/);

    const username = `risk-${run}`;
    const password = `Risk-initial-${run}-2026`;
    const form = admin.getByTestId('new-operator');
    await form.locator('input[name=newUsername]').fill(username);
    await form.locator('input[name=newPassword]').fill(password);
    await form.locator('select[name=newRole]').selectOption('risk');
    await form.getByRole('button', { name: 'Create operator' }).click();
    await admin
      .getByText(`Operator ${username} created: they set up their second factor at their first login.`)
      .waitFor();
    // The password field is emptied once sent; the password appears nowhere on the page.
    expect(await form.locator('input[name=newPassword]').inputValue()).toBe('');
    expect(await admin.content()).not.toContain(password);
    const row = admin.locator(`tr[data-operator="${username}"]`);
    await row.getByText('not enrolled yet').waitFor();
    await row.getByText('never').waitFor();
    expect(await row.locator('select[name=role]').inputValue()).toBe('risk');

    // The new operator's first login: password, then the second factor's enrolment.
    const risk = await (await browser.newContext(DESK)).newPage();
    await risk.goto(urlFor('/backoffice/'));
    await risk.locator('input[name=username]').fill(username);
    await risk.locator('input[name=password]').fill(password);
    await risk.getByRole('button', { name: 'Log in' }).click();
    const secret = (await risk.getByTestId('totp-secret').textContent())!.trim();
    await risk.locator('input[name=totp]').fill(totpAt(secret, Date.now()));
    await risk.getByRole('button', { name: 'Confirm' }).click();
    const who = risk.getByTestId('who');
    await expect.poll(() => who.textContent()).toBe(`${username} · Risk · all brands`);
    // Not an admin: no operators screen in the nav.
    expect(await risk.getByRole('link', { name: 'Operators', exact: true }).count()).toBe(0);
    await who.click();
    await risk.waitForURL(/\/backoffice\/access$/);
    const access = risk.getByTestId('my-access');
    await access.getByText(`Signed in as ${username}, Risk of every brand.`).waitFor();
    const mayList = access.getByTestId('may');
    await mayList.locator('li[data-permission=trade]').waitFor();
    expect(await mayList.locator('li').evaluateAll((lis) => lis.map((l) => l.dataset.permission))).toEqual([
      'read',
      'trade',
      'note',
      'clients',
    ]);
    await access.getByTestId('may-not').getByText('Result, void and resettle markets and bets').waitFor();
    await risk.screenshot({ path: `${SHOTS}/my-access-en.png` });
    await risk.getByRole('button', { name: 'Türkçe' }).first().click();
    await access.getByText(`${username} olarak giriş yapıldı: tüm markalar için Risk.`).waitFor();
    await risk.screenshot({ path: `${SHOTS}/my-access-tr.png` });
    await risk.getByRole('button', { name: 'English' }).first().click();

    // The admin sees the login, and the screen in both languages.
    await admin.reload();
    await row.getByText('enrolled', { exact: true }).waitFor();
    expect(await row.locator('td').nth(3).textContent()).not.toBe('never');
    await admin.screenshot({ path: `${SHOTS}/operators-en.png`, fullPage: true });
    await admin.getByRole('button', { name: 'Türkçe' }).first().click();
    await admin.getByRole('heading', { name: 'Operatörler' }).waitFor();
    await admin.screenshot({ path: `${SHOTS}/operators-tr.png`, fullPage: true });
    await admin.getByRole('button', { name: 'English' }).first().click();

    // Disabled: the operator's desk session ends at once (their next call is refused and the login form shows).
    await row.getByRole('button', { name: 'Disable' }).click();
    await admin.getByText(`${username} is disabled: their sessions ended.`).waitFor();
    await row.getByTestId('operator-status').getByText('disabled').waitFor();
    await risk.getByRole('link', { name: 'Bet ticker', exact: true }).click();
    await risk.locator('input[name=username]').waitFor();
  });
});
