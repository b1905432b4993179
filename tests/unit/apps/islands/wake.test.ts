// @vitest-environment happy-dom
// When the widgets start (src/apps/islands/wake.ts): at the visitor's first act, and not at the
// pointermove without movement that Chromium sends a pointer resting over a page whose layout moves.
import { expect, it } from 'vitest';
import { whenVisitorActs } from '../../../../src/apps/islands/wake.ts';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

const move = (movementX: number, movementY: number) =>
  window.dispatchEvent(new PointerEvent('pointermove', { movementX, movementY }));

it('stays asleep through a pointermove without movement, and wakes at one that moves', async () => {
  const island = document.createElement('header');
  document.body.append(island);
  const woken = whenVisitorActs([island]);
  move(0, 0);
  expect(await settled(woken)).toBe(false);
  move(3, -2);
  expect(await settled(woken)).toBe(true);
});

it('wakes at a key press or a pointer pressed, whatever their movement', async () => {
  const island = document.createElement('header');
  document.body.append(island);
  const byKey = whenVisitorActs([island]);
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' }));
  expect(await settled(byKey)).toBe(true);
  const byPress = whenVisitorActs([island]);
  window.dispatchEvent(new PointerEvent('pointerdown'));
  expect(await settled(byPress)).toBe(true);
});
