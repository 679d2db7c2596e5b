/** The decorative illustration fixed at the bottom right of the main layout: a switch on a rail yard. */
export function Illustration() {
  return (
    <svg className="sy-illustration" viewBox="0 0 160 120" aria-hidden="true" focusable="false">
      <g fill="none" strokeLinecap="round" strokeWidth="6">
        <path d="M10 100h140" stroke="#c5cae9" />
        <path d="M10 100c40 0 60-40 100-40h40" stroke="#9fa8da" />
        <path d="M30 92v16M60 92v16M90 92v16M120 92v16" stroke="#e0e3f4" strokeWidth="4" />
      </g>
      <rect x="96" y="18" width="44" height="24" rx="12" fill="#3f51b5" />
      <circle cx="128" cy="30" r="9" fill="#fff" />
      <path d="M118 42v18" stroke="#3f51b5" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
