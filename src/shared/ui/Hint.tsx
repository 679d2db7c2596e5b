import { useId, useState, type CSSProperties, type ReactElement } from 'react';

/** Where the hint goes: below the control (above when there is no room), kept inside the viewport. */
function hintPosition(anchor: DOMRect): CSSProperties {
  const width = Math.min(260, window.innerWidth - 16);
  const left = Math.min(Math.max(8, anchor.left + anchor.width / 2 - width / 2), window.innerWidth - width - 8);
  const below = anchor.bottom + 64 < window.innerHeight;
  return below ? { left, width, top: anchor.bottom + 6 } : { left, width, bottom: window.innerHeight - anchor.top + 6 };
}

/**
 * A control described by `text`, shown as a tooltip on hover, focus and touch. A small fixed-position tooltip of our
 * own rather than Mantine's: it escapes clipped list rows and costs a list row next to nothing to draw.
 */
export function Hint({
  text,
  children,
}: {
  text: string;
  children: (props: { 'aria-describedby': string }) => ReactElement;
}) {
  const id = useId();
  const [position, setPosition] = useState<CSSProperties>();
  const show = (event: { currentTarget: HTMLElement }) =>
    setPosition(hintPosition(event.currentTarget.getBoundingClientRect()));
  const hide = () => setPosition(undefined);
  return (
    <span className="sy-hint" onMouseEnter={show} onMouseLeave={hide} onFocus={show} onBlur={hide} onTouchStart={show}>
      {children({ 'aria-describedby': id })}
      <span id={id} role="tooltip" className="sy-tooltip" hidden={!position} style={position}>
        {text}
      </span>
    </span>
  );
}
