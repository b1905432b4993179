// npm run docs:screens [-- --origin http://localhost:8080]: the screenshots of docs/owner-guide.md,
// taken from the running site (`npm start`) signed in as its seeded administrator, so that the guide
// shows what the site shows. It builds nothing: start the site first. It sends the site a sample
// enquiry when it has none, and proposes (then withdraws) a sample change, so it runs only against
// a local origin.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { LOCAL_ACCOUNTS } from '../src/generator/emulators/local-accounts.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from './ensure-chromium.ts';

const OUT_DIR = path.join(import.meta.dirname, '..', 'docs', 'owner-guide');
/** The page the guide edits: a service page every copy of the site has. */
const SAMPLE_ROUTE = '/deep-cleaning-services';
/** The local backend runs the whole check:change on a proposal: minutes on a busy machine. */
const CHECKS_TIMEOUT_MS = 10 * 60_000;
/** The site's header stays at the top of the window as it scrolls: this much and a little room. */
const HEADER_PX = 100;

const { values } = parseArgs({ options: { origin: { type: 'string' } } });
const origin = new URL(values.origin ?? 'http://localhost:8080').origin;
if (!['localhost', '127.0.0.1', '[::1]'].includes(new URL(origin).hostname)) {
  console.error(
    `docs:screens sends a sample enquiry and proposes a sample change, so it runs only against a local site (npm start), not ${origin}.`,
  );
  process.exit(1);
}
if (!ensureChromium()) process.exit(1);

/** Scrolls the element to the top of the window, under the site's header, then takes the window. */
async function shotAt(page: Page, target: Locator, name: string): Promise<void> {
  await target.evaluate((element, headerPx) => {
    element.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -headerPx);
  }, HEADER_PX);
  await shot(page, name);
}

/** A PNG of 256 colours at most, which the site's flat colours allow: a fifth of the bytes. */
async function shot(page: Page, name: string): Promise<void> {
  const png = await page.screenshot({ animations: 'disabled' });
  await sharp(png)
    .png({ palette: true, compressionLevel: 9 })
    .toFile(path.join(OUT_DIR, `${name}.png`));
  console.log(`docs/owner-guide/${name}.png`);
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email address').fill(LOCAL_ACCOUNTS.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(LOCAL_ACCOUNTS.admin.password);
  await shot(page, 'sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** An enquiry as a visitor sends it from /contact, when the admin's list has none to show. */
async function sendSampleEnquiry(page: Page): Promise<void> {
  await page.goto(`${origin}/contact`);
  const form = page.locator('form[name="enquiry"]');
  await form.getByLabel('Your name').fill('Margaret Example');
  await form.getByLabel('Phone number').fill('01689 000000');
  await form.getByLabel('Postcode').fill('BR6 0AA');
  await form.getByLabel('Which service').selectOption({ label: 'Deep Cleaning' });
  await form.getByLabel('Your message (optional)').fill('A deep clean before my family visits.');
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  // Sent, the form gives way to the thank-you (in place with the script, as a page without it).
  await form.waitFor({ state: 'hidden' });
}

async function openAdmin(page: Page): Promise<void> {
  await page.goto(`${origin}/admin`);
  await page.getByRole('navigation', { name: 'Admin sections' }).waitFor();
}

async function adminScreens(page: Page): Promise<void> {
  await openAdmin(page);
  if (await page.locator('#enquiries').getByText('No enquiries yet').isVisible()) {
    await sendSampleEnquiry(page);
    await openAdmin(page);
  }
  await shot(page, 'admin');
  await shotAt(page, page.locator('#changes'), 'changes');
  await shotAt(page, page.locator('#enquiries'), 'enquiries');
  const library = page.locator('#library');
  await library.getByRole('heading', { name: 'Add photos' }).scrollIntoViewIfNeeded();
  // Each thumbnail loads once it comes near the window: wait until none is still waiting.
  await library.locator('[data-status]').first().waitFor();
  await library.locator('[data-status="waiting"]').first().waitFor({ state: 'detached' });
  await shotAt(page, library.getByRole('heading', { name: 'Add photos' }), 'media-library');
}

async function openBuilder(page: Page): Promise<void> {
  await page.goto(`${origin}/integrated-builder?route=${encodeURIComponent(SAMPLE_ROUTE)}`);
  await page.getByRole('toolbar', { name: 'Draft' }).waitFor();
}

async function builderScreens(page: Page): Promise<void> {
  await openBuilder(page);
  await shot(page, 'builder');
  await shotAt(page, page.locator('#blocks-heading'), 'blocks');

  await page.getByRole('button', { name: 'History' }).click();
  await page.getByRole('button', { name: 'Restore this version' }).first().waitFor();
  await shot(page, 'history');
  await page.keyboard.press('Escape');
}

/** Changes the main heading, proposes it, shows its checks and "Publish at…", then withdraws it. */
async function proposeScreens(page: Page): Promise<void> {
  await openBuilder(page);
  const heading = page.getByLabel('Main heading');
  await heading.fill(`${await heading.inputValue()}, room by room`);
  await page.getByRole('button', { name: 'Propose this change' }).click();
  const dialog = page.getByRole('dialog', { name: 'Propose this change' });
  await dialog.getByLabel('What changes, in one line').fill('Say we clean room by room');
  await shot(page, 'propose');

  await dialog.getByRole('button', { name: 'Propose', exact: true }).click();
  await dialog
    .locator('[data-checks="passed"], [data-checks="failed"]')
    .waitFor({ timeout: CHECKS_TIMEOUT_MS });
  await dialog.getByRole('button', { name: 'Publish at…' }).click();
  await dialog.getByLabel('Day').fill(nextMonday());
  await dialog.getByLabel('Time (UK)').fill('09:00');
  await shot(page, 'publish');
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await dialog.getByText('Withdrawn: nothing was published.').waitFor();
}

/** A day the schedule's form would take: next Monday, as its date input's value. */
function nextMonday(): string {
  const day = new Date();
  day.setDate(day.getDate() + ((8 - day.getDay()) % 7 || 7));
  return day.toISOString().slice(0, 10);
}

mkdirSync(OUT_DIR, { recursive: true });
// Headless Chromium draws a date or time field in US English whatever the locale, the --lang flag
// or LANG (tried): the schedule's fields read 12/07/2026 and 09:00 AM in the pictures.
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  // A British owner's browser, so that dates and times read as they will for them.
  const page = await browser.newPage({
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  await signIn(page);
  await adminScreens(page);
  await builderScreens(page);
  await proposeScreens(page);
} finally {
  await browser.close();
}
