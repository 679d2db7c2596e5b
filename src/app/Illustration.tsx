/**
 * The decorative illustration of the main layout (a switch on a rail yard). Its colours are the theme's (app.css);
 * it sits beside the content where the screen leaves room, else after it, and never over it (hidden on phones).
 */
export function Illustration() {
  return (
    <svg className="sy-illustration" viewBox="0 0 160 120" aria-hidden="true" focusable="false">
      <g fill="none" strokeLinecap="round" strokeWidth="6">
        <path className="sy-illustration-rail" d="M10 100h140" />
        <path className="sy-illustration-branch" d="M10 100c40 0 60-40 100-40h40" />
        <path className="sy-illustration-sleeper" d="M30 92v16M60 92v16M90 92v16M120 92v16" strokeWidth="4" />
      </g>
      <rect className="sy-illustration-switch" x="96" y="18" width="44" height="24" rx="12" />
      <circle className="sy-illustration-knob" cx="128" cy="30" r="9" />
      <path className="sy-illustration-post" d="M118 42v18" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
