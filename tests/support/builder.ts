// Shared pieces of the block builder's browser tests.
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { LOCAL_ACCOUNTS, submitLogin } from './accounts.ts';

/**
 * Opens a builder route as the site's administrator would. The builder routes are behind the
 * auth-client guard, which sends someone not signed in to /login?next=<route>: there this signs in
 * as the seeded administrator (the session then stays in the browser context). Every builder test
 * goes through here.
 */
export async function openAsAdmin(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => window.location.pathname === '/login' || document.querySelector('.builder-root') !== null, null, { timeout: 20_000 });
  if (new URL(page.url()).pathname === '/login') {
    await submitLogin(page, LOCAL_ACCOUNTS.admin.email, LOCAL_ACCOUNTS.admin.password);
    await page.waitForURL((url) => `${url.pathname}${url.search}` === path, { timeout: 20_000 });
    await page.locator('.builder-root').waitFor({ timeout: 20_000 });
  }
  await expect(page.locator('#app-root')).not.toContainText('Loading the site', { timeout: 10_000 });
}

/** The builder's preview frame. */
export const previewOf = (page: Page) => page.frameLocator('iframe.preview-frame');

/** The blocks' titles, in order, as the block list shows them ("1. Hero"). */
export const blockTitles = (page: Page) => page.locator('.block-toggle').allInnerTexts();

/** Adds a block from the palette by its name ("Hero", "Text"…). */
export async function addBlock(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^Add ${title}\\b`) }).click();
}

/** Opens (selects) the block at a 1-based position, showing its form. */
export async function selectBlock(page: Page, position: number): Promise<void> {
  const toggle = page.locator('.block-toggle').nth(position - 1);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Adds a photo to the page's Images and chooses `name` for it in the media library's picker, as an admin would. */
export async function addLibraryPhoto(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Add photo' }).click();
  await page.getByRole('button', { name: 'Choose from the media library' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a photo from the media library' });
  await picker.getByRole('searchbox', { name: 'Search the media library' }).fill(name);
  await picker.getByRole('button', { name: `Use ${name}` }).click();
  await expect(picker).toBeHidden();
}
