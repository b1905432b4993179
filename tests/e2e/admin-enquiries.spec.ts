// The enquiries on /admin, in Chromium against `npm start`'s server: an enquiry sent with the quote
// form is seen by the administrator (its contact details as links, the service by its name), marked
// as spam and back, and deleted after a confirmation made with the keyboard; the local file then
// holds it no more. (Who may call the enquiries API, 401 and 403: tests/unit/functions/enquiries/handler.test.ts.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { localFormsDir } from '../../src/kernel/wire/enquiry-paths.ts';
import { adminContext } from '../support/accounts.ts';
import { openAdmin } from '../support/admin.ts';
import { expect, projectRoot, test } from '../support/e2e/fixtures.ts';
import { watchContext, type PageWatch } from '../../src/generator/gates/page-watch.ts';

let context: BrowserContext;
let page: Page;
let watch: PageWatch;

test.beforeEach(async ({ browser, baseURL }) => {
  context = await adminContext(browser, { baseURL, viewport: { width: 1280, height: 900 } });
  watch = await watchContext(context);
  page = await context.newPage();
});
test.afterEach(async () => {
  await context.close();
  expect(watch.all(), 'console errors and CSP violations').toEqual([]);
});

const stored = () => {
  try {
    return readFileSync(join(localFormsDir(process.env, projectRoot), 'enquiry.jsonl'), 'utf8');
  } catch {
    return '';
  }
};

test('an enquiry sent with the form is listed on /admin, marked as spam and back, and deleted after a confirmation', async () => {
  test.slow(); // a visitor's form, then the admin screen twice (its scripts, the session check and its three sections each time)
  const name = `Admin view ${Date.now().toString(36)}`;
  await page.goto('/contact#enquiry');
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Phone number').fill('07700 900 456');
  await page.getByLabel('Email address').fill('dana@example.com');
  await page.getByLabel('Postcode').fill('BR6 0AA');
  await page
    .getByLabel('Which service are you interested in?')
    .selectOption('oven-cleaning-services');
  await page.getByLabel('Your message (optional)').fill('Two ovens.');
  await page.getByLabel('When should we call you back? (optional)').fill('After 6pm');
  await page.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.locator('#enquiry-sent')).toBeFocused();

  await openAdmin(page);
  const section = page.locator('#enquiries');
  await expect(section.getByRole('heading', { name: 'Enquiries', level: 2 })).toBeVisible();
  const item = section
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, level: 3 }) });
  // Newest first: the one just sent heads the list.
  await expect(section.getByRole('listitem').first()).toHaveAttribute(
    'data-id',
    (await item.getAttribute('data-id'))!,
  );
  await expect(item.getByRole('link', { name: /^07700\s900\s456$/ })).toHaveAttribute(
    'href',
    'tel:07700900456',
  );
  await expect(item.getByRole('link', { name: 'dana@example.com' })).toHaveAttribute(
    'href',
    'mailto:dana@example.com',
  );
  for (const text of [
    'BR6 0AA',
    'Oven Cleaning',
    'Two ovens.',
    'After 6pm',
    String(new Date().getFullYear()),
  ])
    await expect(item).toContainText(text);

  await item.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(item.getByText('Spam', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Marked as spam.' })).toBeVisible();
  await page.reload();
  await expect(item.getByText('Spam', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Not spam' }).click();
  await expect(item.getByRole('button', { name: 'Mark as spam' })).toBeVisible();

  // Delete asks first, in a dialog used with the keyboard: Escape keeps it.
  await item.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete the enquiry from ${name}?` });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(item.getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Delete enquiry' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(item).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: `The enquiry from ${name} was deleted.` }),
  ).toBeVisible();
  expect(stored()).not.toContain(name);
});
