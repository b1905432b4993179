// @vitest-environment happy-dom
// A dialog's openings (src/apps/shared/use-opening.ts): each one is new, even when its close and the
// next opening reach React together, as Escape and then Enter may.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOpening } from '../../../../src/apps/shared/use-opening.ts';

describe('useOpening', () => {
  it('is shut at first, open once asked, shut again when closed', () => {
    const { result } = renderHook(() => useOpening());
    expect(result.current.opening).toBe(0);
    act(() => result.current.open());
    expect(result.current.opening).toBeGreaterThan(0);
    act(() => result.current.close());
    expect(result.current.opening).toBe(0);
  });

  it('gives an opening that follows a close in the same batch a number of its own', () => {
    const { result } = renderHook(() => useOpening());
    act(() => result.current.open());
    const first = result.current.opening;
    act(() => {
      result.current.close();
      result.current.open();
    });
    expect(result.current.opening).toBeGreaterThan(0);
    expect(result.current.opening).not.toBe(first);
  });
});
