// The enquiry form in Chromium against `npm start`'s server, which takes form posts as Netlify does
// and keeps them in .cache/forms/enquiry.jsonl: sent without JavaScript (the thank-you page), with
// it too (the thank-you in place), each wrong field's message in the summary and at the field, a
// failure that keeps what was typed, the honeypot, and axe on the error state at both widths and on
// the failure and the thank-you.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { localFormsDir } from '../../src/kernel/wire/enquiry-paths.ts';
import { StoredSubmissionSchema, type StoredSubmission } from '../../src/kernel/wire/enquiry.ts';
import { axeViolations } from '../../src/generator/gates/axe.ts';
import { expect, projectRoot, test } from '../support/e2e/fixtures.ts';

/** The submissions the server kept whose name is `name` (each test writes a name of its own). */
function keptFor(name: string): StoredSubmission[] {
  let text = '';
  try {
    text = readFileSync(join(localFormsDir(process.env, projectRoot), 'enquiry.jsonl'), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => StoredSubmissionSchema.parse(JSON.parse(line)))
    .filter((submission) => submission.fields.name === name);
}

const uniqueName = (who: string) =>
  `${who} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function fillValid(page: Page, name: string): Promise<void> {
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Phone number').fill('07700 900 123');
  await page.getByLabel('Postcode').fill('BR6 0AA');
  await page.getByLabel('Your message (optional)').fill('Three bedrooms, two bathrooms.');
}

test('on a 390 × 844 phone, the home page shows a call link and the way to ask for a quote in the first screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const call = page.getByRole('link', { name: /^Call 01632/ });
  const quote = page.getByRole('link', { name: 'Ask for a quote' });
  await expect(call).toHaveAttribute('href', /^tel:\+44/);
  await expect(quote).toHaveAttribute('href', '/contact#enquiry');
  for (const link of [call, quote]) {
    await expect(link).toBeInViewport({ ratio: 1 });
    // Large enough to tap.
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts to the thank-you page, and the submission is kept', async ({ page }) => {
    const name = uniqueName('No script');
    await page.goto('/contact#enquiry');
    await fillValid(page, name);
    await page
      .getByLabel('Which service are you interested in?')
      .selectOption('oven-cleaning-services');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Thank you, we have your enquiry',
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    // When we reply, and the number to call.
    await expect(page.locator('main')).toContainText('one working day');
    await expect(page.locator('#contact a[href^="tel:"]')).toBeVisible();
    expect(keptFor(name).map((submission) => submission.fields)).toEqual([
      {
        name,
        phone: '07700 900 123',
        email: '',
        postcode: 'BR6 0AA',
        service: 'oven-cleaning-services',
        message: 'Three bedrooms, two bathrooms.',
        callback: '',
      },
    ]);
  });
});

test.describe('with JavaScript', () => {
  test('a service page\'s "Ask for a quote" preselects its service; the form is sent and thanked in place', async ({
    page,
  }) => {
    const name = uniqueName('Script');
    await page.goto('/deep-cleaning-services');
    await page.locator('.hero').getByRole('link', { name: 'Ask for a quote' }).click();
    await expect(page).toHaveURL(/\/contact\?service=deep-cleaning-services#enquiry$/);
    await expect(page.getByLabel('Which service are you interested in?')).toHaveValue(
      'deep-cleaning-services',
    );
    await fillValid(page, name);
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    const sent = page.locator('#enquiry-sent');
    await expect(sent).toBeFocused();
    await expect(sent.getByRole('heading')).toHaveText('Thank you, we have your enquiry');
    await expect(sent.getByRole('link', { name: /^01632/ })).toHaveAttribute('href', /^tel:/);
    await expect(page.locator('form[name="enquiry"]')).toBeHidden();
    await expect(page).toHaveURL(/\/contact\?service=deep-cleaning-services#enquiry$/);
    await expect
      .poll(() => keptFor(name).map((submission) => submission.fields.service))
      .toEqual(['deep-cleaning-services']);
  });

  test('each wrong field gets its message in the summary and at the field; a summary link puts the focus in the field', async ({
    page,
  }) => {
    await page.goto('/contact#enquiry');
    await page.getByLabel('Phone number').fill('12345');
    await page.getByLabel('Email address').fill('ann@example');
    await page.getByLabel('Postcode').fill('BR6');
    await page.getByLabel('When should we call you back? (optional)').fill('x'.repeat(101));
    await page.getByRole('button', { name: 'Send enquiry' }).click();

    const expected = [
      ['name', 'Enter your name'],
      ['phone', 'Enter a UK phone number, like 01632 960 123 or 07700 900 123'],
      ['email', 'Enter an email address in the correct format, like name@example.com'],
      ['postcode', 'Enter a full UK postcode, like BR6 0AA'],
      ['callback', 'When to call back must be 100 characters or fewer'],
    ] as const;
    const summary = page.locator('#enquiry-problems');
    await expect(summary).toBeFocused();
    // Focused, it is announced by its name, and the alert inside has the whole summary read out.
    await expect(summary).toHaveRole('group');
    await expect(summary).toHaveAccessibleName('There is a problem');
    await expect(summary.getByRole('alert').getByRole('heading')).toHaveText('There is a problem');
    await expect(summary.getByRole('link')).toHaveText(expected.map(([, message]) => message));
    await expect(page).toHaveTitle(/^Error: /);
    for (const [field, message] of expected) {
      const control = page.locator(`#enquiry-${field}`);
      await expect(control).toHaveAttribute('aria-invalid', 'true');
      await expect(control).toHaveAccessibleDescription(
        new RegExp(`Error: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      );
      await expect(summary.getByRole('link', { name: message })).toHaveAttribute(
        'href',
        `#enquiry-${field}`,
      );
    }
    await expect(page.locator('#enquiry-service')).not.toHaveAttribute('aria-invalid');

    await summary.getByRole('link', { name: 'Enter a full UK postcode, like BR6 0AA' }).click();
    await expect(page.locator('#enquiry-postcode')).toBeFocused();
    // Fixed, the problems go; a postcode outside the areas served gets a kind note, not an error.
    await page.getByLabel('Your name').fill('Ann Example');
    await page.getByLabel('Phone number').fill('');
    await page.getByLabel('Email address').fill('');
    await page.getByLabel('Postcode').fill('DA14 6AA');
    await page.getByLabel('When should we call you back? (optional)').fill('');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(summary.getByRole('link')).toHaveText([
      'Enter a phone number or an email address, so that we can reply',
    ]);
    await expect(page.locator('#enquiry-postcode-note')).toHaveText(
      'We do not usually visit DA14, but send your enquiry anyway: we will tell you whether we can help.',
    );
    await expect(page.locator('#enquiry-postcode')).not.toHaveAttribute('aria-invalid');
  });

  test('a failure or no answer keeps everything typed and says to try again or call', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 503/);
    const name = uniqueName('Failure');
    await page.route('/', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, body: 'Service Unavailable' })
        : route.fallback(),
    );
    await page.goto('/contact#enquiry');
    await fillValid(page, name);
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    const failed = page.locator('#enquiry-failed');
    await expect(failed).toBeFocused();
    await expect(failed).toContainText('try again, or call us on');
    await expect(page.getByLabel('Your name')).toHaveValue(name);
    await expect(page.getByLabel('Your message (optional)')).toHaveValue(
      'Three bedrooms, two bathrooms.',
    );
    expect(await axeViolations(page, '#enquiry'), 'axe on the failure').toEqual([]);
    // Trying again once Netlify answers sends it.
    await page.unroute('/');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page.locator('#enquiry-sent')).toBeFocused();
    await expect(failed).toBeHidden();
    expect(await axeViolations(page, '#enquiry'), 'axe on the thank-you').toEqual([]);
  });

  test('a filled honeypot is answered as a success and kept nowhere', async ({ page }) => {
    const name = uniqueName('Robot');
    await page.goto('/contact');
    await fillValid(page, name);
    // People never see the field; a robot filling every field fills it too.
    await expect(page.locator('input[name="bot-field"]')).toBeHidden();
    await page
      .locator('input[name="bot-field"]')
      .evaluate((input: HTMLInputElement) => (input.value = 'https://spam.example'));
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page.locator('#enquiry-sent')).toBeFocused();
    expect(keptFor(name)).toEqual([]);
  });

  for (const width of [375, 1280]) {
    test(`axe finds nothing on the form's error state at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/contact#enquiry');
      await page.getByLabel('Phone number').fill('12345');
      await page.getByRole('button', { name: 'Send enquiry' }).click();
      await expect(page.locator('#enquiry-problems')).toBeFocused();
      await page.getByLabel('Postcode').fill('DA14 6AA');
      await page.getByLabel('Your name').focus();
      await expect(page.locator('#enquiry-postcode-note')).not.toBeEmpty();
      expect(await axeViolations(page, '#enquiry')).toEqual([]);
    });
  }
});
