import { characterCount } from '../../../kernel/lint/character-count.ts';
import { DEFAULT_LINT_OPTIONS } from '../../../kernel/lint/options.ts';

/** Live counters that follow the lint's rules for the page's title and meta description. */
export function Counter({ field, value }: { field: string; value: string }) {
  const limits = COUNTED[field];
  if (!limits) return null;
  const length = characterCount(value);
  // Nothing written yet is not a problem to show in red (GOV.UK's pattern: problems after the owner acts).
  const ok = length === 0 || (length >= limits.min && length <= limits.max);
  return (
    <p className={ok ? 'field-counter' : 'field-counter is-over'} aria-live="polite">
      {length} characters (
      {limits.min > 1 ? `${limits.min}–${limits.max}` : `at most ${limits.max}`})
    </p>
  );
}

const COUNTED: Record<string, { min: number; max: number }> = {
  title: { min: 1, max: DEFAULT_LINT_OPTIONS.maxTitleLength },
  description: {
    min: DEFAULT_LINT_OPTIONS.minDescriptionLength,
    max: DEFAULT_LINT_OPTIONS.maxDescriptionLength,
  },
};
