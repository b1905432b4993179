// Shared pieces of the block builder's browser tests.
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { useSession } from './e2e/sessions.ts';

/**
 * Opens a builder route as the site's administrator: the page's context is given the
 * administrator's saved session first, unless it already holds it (tests/support/e2e/sessions.ts),
 * and the builder has loaded the site. Every builder test goes through here.
 */
export async function openAsAdmin(page: Page, path: string): Promise<void> {
  await useSession(page.context(), 'admin');
  await page.goto(path);
  // A builder page's 250 KB of scripts, its session check and the site's data: up to 15 s on a busy two-core machine.
  await expect(page.locator('.builder-root')).toBeAttached({ timeout: 15_000 });
  await expect(page.locator('#app-root')).not.toContainText('Loading the site', {
    timeout: 15_000,
  });
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
  await picker.getByRole('button', { name: `Use this photo: ${name}` }).click();
  await expect(picker).toBeHidden();
}
