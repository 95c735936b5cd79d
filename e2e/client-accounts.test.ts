import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { OpsClientCreated } from '@sb/contract';
import { DESK, opsApi, traderDesk } from './support/desk';
import { hydrated, urlFor, useBrowser } from './support/fixtures';

/**
 * Issue 35 §2 in Chromium: a support operator makes a client from the desk (1280×800) and copies its one-time
 * link; the client opens it on a phone (360×640), sets a password and is logged in with their balance shown. The
 * link then refuses a second use; a reset from the client 360 gives a new link. Screens of the desk and of the page
 * in English and Turkish, on both brands, saved for a look.
 */
const SHOTS = '.cache/screenshots';

describe('a client made on the desk sets their password through a one-time link (issue 35 §2)', () => {
  const browser = useBrowser();
  const run = Date.now().toString(36);

  it('desk: New client → link; phone: set password → logged in with the balance; reset gives a new link', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const brands = await opsApi<{ id: number; name: string; hostnames: string[] }[]>('/ops/v1/brands');
    const demo = brands.find((b) => b.hostnames.includes('localhost'))!;
    const desk = await (await browser.newContext(DESK)).newPage();
    await traderDesk(desk, `support-${run}`, 'support');
    await desk.getByRole('link', { name: 'Clients', exact: true }).click();
    await desk.getByRole('button', { name: 'New client' }).click();
    const form = desk.getByTestId('new-client');
    const username = `new-${run}`;
    // Keyboard only: the username field has the focus, Tab walks the form, Enter sends it.
    await desk.keyboard.type(username);
    await desk.keyboard.press('Tab');
    await desk.keyboard.type(`${username}@example.com`);
    await desk.keyboard.press('Tab');
    await desk.keyboard.type('Elif');
    await desk.keyboard.press('Tab');
    await desk.keyboard.type('Şahin');
    await form.locator('select[name=brandId]').selectOption(String(demo.id));
    await desk.screenshot({ path: `${SHOTS}/desk-new-client-en.png` });
    await form.locator('input[name=username]').press('Enter');
    await form.getByTestId('client-created').waitFor();
    const link = await form.locator('input[name=setupLink]').inputValue();
    expect(link).toMatch(
      new RegExp(`^${urlFor('/en/set-password?token=').replace(/[?.]/g, '\\$&')}[A-Za-z0-9_-]{43}$`),
    );
    await form.getByRole('button', { name: 'Copy link' }).waitFor();
    await desk.screenshot({ path: `${SHOTS}/desk-new-client-link-en.png` });
    // The same name again: 409, said beside the field.
    await form.locator('input[name=username]').fill(username.toUpperCase());
    await form.locator('select[name=brandId]').selectOption(String(demo.id));
    await form.getByRole('button', { name: 'Create client' }).click();
    await form
      .locator('[data-field-error=username]')
      .getByText('This username is taken in this brand.')
      .waitFor();
    await desk.getByRole('button', { name: 'Türkçe' }).first().click();
    await form.getByRole('heading', { name: 'Yeni müşteri' }).waitFor();
    // The refusal follows the desk's language.
    await form
      .locator('[data-field-error=username]')
      .getByText('Bu kullanıcı adı bu markada alınmış.')
      .waitFor();
    await desk.screenshot({ path: `${SHOTS}/desk-new-client-tr.png` });
    await desk.getByRole('button', { name: 'English' }).first().click();

    // The client, on a phone: the page in Turkish first (looked at), then in English, where they set it.
    const phone = await browser.newPage('tr-TR');
    await phone.goto(link.replace('/en/', '/tr/'));
    await phone.getByTestId('set-password-account').getByText(`Hesap: ${username}`).waitFor();
    await phone.screenshot({ path: `${SHOTS}/set-password-tr-360.png` });
    await phone.goto(link);
    await phone.getByTestId('set-password-account').getByText(`Account: ${username}`).waitFor();
    await hydrated(phone);
    await phone.locator('input[name=new-password]').fill('Mavi-Kapi-2041');
    await phone.locator('input[name=repeat-password]').fill('Mavi-Kapi-2042');
    await phone.getByRole('button', { name: 'Set password and log in' }).click();
    await phone.getByText('The two passwords do not match.').waitFor();
    await phone.locator('input[name=new-password]').fill('short');
    await phone.locator('input[name=repeat-password]').fill('short');
    await phone.getByRole('button', { name: 'Set password and log in' }).click();
    await phone.getByText('The password must have at least 8 characters.').waitFor();
    await phone.screenshot({ path: `${SHOTS}/set-password-en-360.png` });
    await phone.locator('input[name=new-password]').fill('Mavi-Kapi-2041');
    await phone.locator('input[name=repeat-password]').fill('Mavi-Kapi-2041');
    await phone.getByRole('button', { name: 'Set password and log in' }).click();
    const balance = phone.getByTestId('header-balance');
    await balance.waitFor();
    expect(await balance.textContent()).toMatch(/0[.,]00/);
    await phone.screenshot({ path: `${SHOTS}/set-password-done-360.png` });

    // Used: the link says so, with the way to the login.
    const again = await browser.newPage();
    await again.goto(link);
    await again.getByTestId('set-password-invalid').waitFor();
    await again.screenshot({ path: `${SHOTS}/set-password-used-360.png` });

    // The client 360: reset with a reason; a new link, shown once.
    await form.getByRole('button', { name: 'Open the client' }).click();
    const panel = desk.getByTestId('client-password');
    await panel.locator('input[name=resetReason]').fill('Client called: lost phone');
    await panel.getByRole('button', { name: 'Reset password' }).click();
    const resetLink = await panel.locator('input[name=setupLink]').inputValue();
    expect(resetLink).toMatch(/\/en\/set-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(resetLink).not.toBe(link);
    await panel.scrollIntoViewIfNeeded();
    await desk.screenshot({ path: `${SHOTS}/desk-reset-password-en.png` });
  });

  it('the second brand: its own host, language and theme', async () => {
    const brands = await opsApi<{ id: number; hostnames: string[] }[]>('/ops/v1/brands');
    const kartal = brands.find((b) => b.hostnames.includes('kartal.localhost'))!;
    const created = await opsApi<OpsClientCreated>('/ops/v1/clients', {
      username: `kartal-${run}`,
      brandId: kartal.id,
    });
    expect(created.setupLink.startsWith(urlFor('/tr/set-password?token=', 'kartal.localhost'))).toBe(true);
    const phone = await browser.newPage('tr-TR');
    await phone.goto(created.setupLink);
    await phone.getByTestId('set-password-account').getByText(`Hesap: kartal-${run}`).waitFor();
    await phone.screenshot({ path: `${SHOTS}/set-password-kartal-tr-360.png` });
  });
});
