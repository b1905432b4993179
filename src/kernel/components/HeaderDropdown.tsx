// One of the header's two dropdowns (Header.tsx): "Our Services" and "Areas Covered". Apart from
// the header because its keyboard, pointer and focus handling is a component of its own.
import {
  useEffect,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';

export type DropdownName = 'services' | 'areas';

/** The desktop layout, where the dropdowns hang below the bar and open on hover. */
export const HOVER_LAYOUT = '(min-width: 64em) and (hover: hover)';

export function hoverLayoutNow(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(HOVER_LAYOUT).matches;
}

interface DropdownProps {
  name: DropdownName;
  label: string;
  open: boolean;
  /** Close when focus moves out (Tab away): the desktop layout. */
  closeOnBlur: boolean;
  // Arrow-typed: the header passes plain functions, and destructuring them is safe.
  onToggle: () => void;
  onHover: (entering: boolean) => void;
  onClose: () => void;
  onNativeToggle: (open: boolean) => void;
  onHoverAtStart: () => void;
  children: ReactNode;
}

/**
 * A disclosure: <details> so it works before (and without) JavaScript; once hydrated its open
 * state is React's. The summary is the toggle: Enter and Space click it, as for any button.
 */
export function Dropdown({
  name,
  label,
  open,
  closeOnBlur,
  onToggle,
  onHover,
  onClose,
  onNativeToggle,
  onHoverAtStart,
  children,
}: DropdownProps) {
  const summaryRef = useRef<HTMLElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  // Opened before hydration: take over the state the visitor already chose. The islands wake at
  // the visitor's first move (src/apps/islands/wake.ts), which may already have brought the pointer
  // here: then it opens as on hover.
  useEffect(() => {
    const details = detailsRef.current;
    if (details?.open) onNativeToggle(true);
    else if (details?.matches(':hover') && hoverLayoutNow()) onHoverAtStart();
    // Only once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    // Handled here: Escape closes the dropdown, not the whole mobile menu around it.
    event.preventDefault();
    event.stopPropagation();
    onClose();
    summaryRef.current?.focus();
  };
  const onBlur = (event: FocusEvent<HTMLDetailsElement>) => {
    // Desktop only: in the mobile menu the panels are in the flow, and closing one as focus
    // leaves would move the next toggle out from under the visitor's tap.
    if (
      !closeOnBlur ||
      !open ||
      event.relatedTarget === null ||
      event.currentTarget.contains(event.relatedTarget as Node)
    )
      return;
    onClose();
  };
  const hover = (entering: boolean) => (event: PointerEvent) => {
    if (event.pointerType === 'mouse') onHover(entering);
  };
  return (
    <details
      ref={detailsRef}
      className="dropdown"
      data-dropdown={name}
      open={open}
      onToggle={(event) => {
        if (event.currentTarget.open !== open) onNativeToggle(event.currentTarget.open);
      }}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onPointerEnter={hover(true)}
      onPointerLeave={hover(false)}
    >
      <summary
        ref={summaryRef}
        onClick={(event) => {
          event.preventDefault();
          onToggle();
        }}
      >
        {label}
      </summary>
      <div className="dropdown-panel">{children}</div>
    </details>
  );
}
