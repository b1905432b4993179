// Markdown with a small toolbar: each button wraps the selection (or inserts a sample) in the
// Markdown for a heading, bold, italic, a link or a list, and puts the cursor back in the text.
import { useRef } from 'react';

const ACTIONS = [
  { label: 'Heading', before: '## ', after: '', sample: 'Heading', line: true },
  { label: 'Bold', before: '**', after: '**', sample: 'bold text', line: false },
  { label: 'Italic', before: '_', after: '_', sample: 'italic text', line: false },
  { label: 'Link', before: '[', after: '](/contact)', sample: 'link text', line: false },
  { label: 'List', before: '- ', after: '', sample: 'list item', line: true },
] as const;

export function MarkdownField({
  id,
  value,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  value: string;
  invalid?: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  const apply = (action: (typeof ACTIONS)[number]) => {
    const element = area.current;
    if (!element) return;
    const { selectionStart: start, selectionEnd: end } = element;
    const selected = value.slice(start, end) || action.sample;
    // Line-level Markdown starts a line of its own.
    const before =
      action.line && start > 0 && value[start - 1] !== '\n' ? `\n${action.before}` : action.before;
    const next = `${value.slice(0, start)}${before}${selected}${action.after}${value.slice(end)}`;
    onChange(next);
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(start + before.length, start + before.length + selected.length);
    });
  };
  return (
    <div className="markdown-field">
      <div
        className="markdown-toolbar"
        role="toolbar"
        aria-label="Markdown formatting"
        aria-controls={id}
      >
        {ACTIONS.map((action) => (
          <button
            key={action.label}
            type="button"
            className="button button-small button-secondary"
            onClick={() => apply(action)}
          >
            {action.label}
          </button>
        ))}
      </div>
      <textarea
        ref={area}
        id={id}
        rows={8}
        value={value}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
