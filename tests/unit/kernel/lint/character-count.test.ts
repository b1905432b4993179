import { describe, expect, it } from 'vitest';
import { characterCount } from '../../../../src/kernel/lint/character-count.ts';

describe('characterCount', () => {
  it('counts what a reader sees as one character once, emoji and accents included', () => {
    expect(characterCount('Oven cleaning')).toBe(13);
    expect(characterCount('Thumbs up 👍🏽')).toBe(11);
    expect(characterCount('Cafe\u0301')).toBe(4);
  });
});
