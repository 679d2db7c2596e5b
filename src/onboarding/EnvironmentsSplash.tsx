import { Anchor } from '@mantine/core';
import { SplashCard, type SplashStep } from './SplashCard';

const ENVIRONMENTS = ['default', 'development', 'production'];

/** A small drawing of the three default environments, `highlight` standing out (local SVG, nothing fetched). */
function EnvironmentsImage({ highlight }: { highlight?: number }) {
  return (
    <svg viewBox="0 0 360 120" width="360" height="120" aria-hidden focusable="false">
      {ENVIRONMENTS.map((name, index) => {
        const x = 10 + index * 120;
        const strong = highlight === undefined || highlight === index;
        return (
          <g key={name} opacity={strong ? 1 : 0.45}>
            <rect
              x={x}
              y={20}
              width={100}
              height={80}
              rx={10}
              fill="var(--mantine-primary-color-light)"
              stroke="var(--mantine-primary-color-filled)"
              strokeWidth={2}
            />
            <text x={x + 50} y={66} textAnchor="middle" fontSize={14} fill="var(--mantine-color-text)">
              {name}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

const LINKS = [
  { href: 'https://www.youtube.com/@getunleash', text: 'A video walkthrough of environments' },
  { href: 'https://www.getunleash.io/', text: 'A demo instance to try them' },
  { href: 'https://docs.getunleash.io/reference/environments', text: 'The reference documentation' },
  { href: 'https://www.getunleash.io/blog', text: 'A blog post about environments' },
  { href: 'https://slack.unleash.run', text: 'The community chat, for your questions' },
];

/** The environments walkthrough's 5 steps ('Onboarding walkthroughs'). */
const STEPS: SplashStep[] = [
  {
    title: 'Environments are here',
    top: 'Feature toggles can now be configured per environment. Nothing you have configured changes: everything keeps working as before.',
    image: <EnvironmentsImage highlight={0} />,
    bottom:
      'There are three environments from the start: default, development and production. All your current configuration lives in default.',
  },
  {
    title: 'Strategies live in an environment',
    top: 'A feature toggle exists across every environment, but its activation strategies belong to one environment.',
    image: <EnvironmentsImage />,
    bottom: 'So a toggle can be on for everyone in development and for a tenth of your users in production.',
  },
  {
    title: 'Projects choose their environments',
    top: "Environments are turned on per project, on the project's environments settings.",
    image: <EnvironmentsImage highlight={2} />,
    bottom: 'A new feature toggle gets the environments its project has turned on.',
  },
  {
    title: 'One API key per environment',
    top: "Environment-specific API keys decide which environment's configuration an SDK receives.",
    image: <EnvironmentsImage highlight={1} />,
    bottom: 'Create one key per environment under API access, and give each application the key of its environment.',
  },
  {
    title: 'Want to know more?',
    top: 'Learn more about environments:',
    bottom: (
      <ul className="sy-splash-links">
        {LINKS.map((link) => (
          <li key={link.href}>
            <Anchor href={link.href} target="_blank" rel="noreferrer">
              {link.text}
            </Anchor>
          </li>
        ))}
      </ul>
    ),
  },
];

/** The environments walkthrough as a splash card (loaded only when it is due). */
export default function EnvironmentsSplash({ onClose }: { onClose(): void }) {
  return <SplashCard label="environments walkthrough" steps={STEPS} onClose={onClose} />;
}
