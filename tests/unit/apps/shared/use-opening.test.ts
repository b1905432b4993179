// @vitest-environment happy-dom
// A dialog's openings (src/apps/shared/use-opening.ts): each one is new, even when its close and the
// next opening reach React together, as Escape and then Enter may.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOpening } from '../../../../src/apps/shared/use-opening.ts';

describe('useOpening', () => {
  it('is shut at first, open on what it was given, shut again when closed', () => {
    const { result } = renderHook(() => useOpening<string>());
    expect(result.current.opened).toBeNull();
    act(() => result.current.open('media/kitchen.jpg'));
    expect(result.current.opened?.value).toBe('media/kitchen.jpg');
    act(() => result.current.close());
    expect(result.current.opened).toBeNull();
  });

  it('gives an opening that follows a close in the same batch a key of its own', () => {
    const { result } = renderHook(() => useOpening<string>());
    act(() => result.current.open('media/kitchen.jpg'));
    const first = result.current.opened!.key;
    act(() => {
      result.current.close();
      result.current.open('media/kitchen.jpg');
    });
    expect(result.current.opened?.value).toBe('media/kitchen.jpg');
    expect(result.current.opened?.key).not.toBe(first);
  });

  it('never gives two dialogs side by side the same key', () => {
    const { result } = renderHook(() => ({
      details: useOpening<string>(),
      deleting: useOpening(),
    }));
    act(() => result.current.details.open('media/kitchen.jpg'));
    act(() => result.current.deleting.open(true));
    expect(result.current.deleting.opened!.key).not.toBe(result.current.details.opened!.key);
  });
});
