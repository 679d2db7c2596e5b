import { Anchor, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UiConfig } from '../ui-config/api/queries';

const docs = 'https://docs.getunleash.io/sdks';

export const SERVER_SDKS = [
  ['Node.js', `${docs}/node_sdk`],
  ['Java', `${docs}/java_sdk`],
  ['Go', `${docs}/go_sdk`],
  ['Ruby', `${docs}/ruby_sdk`],
  ['Python', `${docs}/python_sdk`],
  ['.NET', `${docs}/dot_net_sdk`],
  ['PHP', `${docs}/php_sdk`],
  ['Rust', `${docs}/rust_sdk`],
  ['All SDKs', docs],
] as const;

export const FRONTEND_SDKS = [
  ['JavaScript', `${docs}/proxy-javascript`],
  ['React', `${docs}/proxy-react`],
  ['Vue', `${docs}/proxy-vue`],
  ['Svelte', `${docs}/proxy-svelte`],
  ['Android', `${docs}/android-proxy`],
  ['iOS', `${docs}/proxy-ios`],
] as const;

/** The version line and upgrade note of the API details. */
export function apiDetails(config: UiConfig) {
  const info = config.versionInfo;
  const enterprise = info?.current?.enterprise;
  const version = enterprise || info?.current?.oss || config.version;
  let upgrade: string | undefined;
  if (info && info.isLatest === false) {
    upgrade = enterprise
      ? `Upgrade available - Latest Enterprise release: ${info.latest?.enterprise ?? ''}`
      : `Upgrade available - Latest Open Source release: ${info.latest?.oss ?? ''}`;
  }
  return { title: `${config.name} ${version}`, environment: config.environment, upgrade, instanceId: info?.instanceId };
}

function LinkList({ title, links }: { title: string; links: readonly (readonly [string, string])[] }) {
  return (
    <nav aria-label={title}>
      <Title order={2} size="h6" c="dimmed" mb={4}>
        {title}
      </Title>
      <ul className="sy-footer-links">
        {links.map(([label, href]) => (
          <li key={href}>
            <Anchor href={href} target="_blank" rel="noreferrer" className="sy-footer-link">
              {label}
            </Anchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer({ config }: { config: UiConfig | undefined }) {
  const details = config ? apiDetails(config) : undefined;
  return (
    <footer className="sy-footer">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <section aria-label="API details">
          {details && (
            <Stack gap={2}>
              <Title order={2} size="h5">
                {details.title}
                {details.environment && (
                  <Text span size="sm" c="dimmed">
                    {' '}
                    ({details.environment})
                  </Text>
                )}
              </Title>
              {details.upgrade && (
                <Text size="sm" className="sy-footer-upgrade">
                  {details.upgrade}
                </Text>
              )}
              {config?.slogan && (
                <Text size="sm" c="dimmed">
                  {config.slogan}
                </Text>
              )}
              {details.instanceId && (
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {details.instanceId}
                </Text>
              )}
            </Stack>
          )}
        </section>
        <LinkList title="Server SDKs" links={SERVER_SDKS} />
        <LinkList title="Frontend SDKs" links={FRONTEND_SDKS} />
      </SimpleGrid>
    </footer>
  );
}
