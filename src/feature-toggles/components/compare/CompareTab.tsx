import { Badge, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { STRATEGY_NAMES } from '../../../strategies/definitions';
import type { StrategyInstance } from '../../../strategies/strategy-instance';
import type { ProjectFeature } from '../../types';
import { PRODUCTION_TYPE } from '../common/constants';
import { CLASSIC_ENVIRONMENT } from '../../offline/changes';
import { compareStrategies, settingsOf, type CompareRow } from './compare';
import { CopyStrategies } from './CopyStrategies';
import './compare.css';

type Environment = ProjectFeature['environments'][number];

const KIND_LABELS = (left: string, right: string): Record<CompareRow['kind'], [string, string]> => ({
  same: ['Same', 'gray'],
  differs: ['Differs', 'orange'],
  'left-only': [`Only in ${left}`, 'blue'],
  'right-only': [`Only in ${right}`, 'grape'],
});

/** One side of a line: the strategy's name and settings, or a gap saying it is missing. */
function Side({ strategy, environment }: { strategy?: StrategyInstance; environment: string }) {
  if (!strategy)
    return (
      <div className="sy-compare-side" data-missing>
        <Text size="sm" c="dimmed">
          Not in {environment}
        </Text>
      </div>
    );
  const settings = settingsOf(strategy);
  return (
    <div className="sy-compare-side">
      <Text fw={600} size="sm">
        <span className="sy-compare-env">{environment}: </span>
        {STRATEGY_NAMES[strategy.name] ?? strategy.name}
      </Text>
      {settings.length > 0 && (
        <ul className="sy-compare-settings">
          {settings.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The pair shown first: an environment that is not production-type on the left, a production-type one on the right
 * (other than the classic API's 'default' where there is one).
 */
const defaultPair = (environments: Environment[]): [string, string] => {
  const production = environments.filter((e) => e.type === PRODUCTION_TYPE);
  const right = (production.find((e) => e.name !== CLASSIC_ENVIRONMENT) ?? production[0] ?? environments[1])?.name;
  const left = (environments.find((e) => e.type !== PRODUCTION_TYPE) ?? environments[0])?.name ?? '';
  return [left, right ?? left];
};

/**
 * 'Compare environments': two environments of the toggle side by side (a non-production one and a production one to
 * start with), whether each is on, and their strategies line by line (the same, differing, or in one only), with
 * the right one's 'Copy from…'.
 */
export function CompareTab({ feature }: { feature: ProjectFeature }) {
  const [pair, setPair] = useState(() => defaultPair(feature.environments));
  const [leftName, rightName] = pair;
  const left = feature.environments.find((e) => e.name === leftName);
  const right = feature.environments.find((e) => e.name === rightName);
  const options = feature.environments.map((e) => e.name);
  const rows = left && right ? compareStrategies(left.strategies, right.strategies) : [];
  const labels = KIND_LABELS(leftName, rightName);
  const differences = rows.filter((row) => row.kind !== 'same').length + Number(left?.enabled !== right?.enabled);

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Compare environments
      </Title>
      <Group gap="sm" align="flex-end" grow className="sy-compare-pickers">
        <NativeSelect
          label="Left"
          value={leftName}
          data={options}
          onChange={(e) => setPair([e.currentTarget.value, rightName])}
        />
        <NativeSelect
          label="Right"
          value={rightName}
          data={options}
          onChange={(e) => setPair([leftName, e.currentTarget.value])}
        />
      </Group>
      {left && right && (
        <>
          <Group justify="space-between" gap="sm">
            <Text role="status">
              {leftName === rightName
                ? 'Choose two different environments.'
                : differences === 0
                  ? `${leftName} and ${rightName} are the same.`
                  : `${differences} ${differences === 1 ? 'difference' : 'differences'} between ${leftName} and ${rightName}.`}
            </Text>
            {leftName !== rightName && <CopyStrategies feature={feature} environment={right} />}
          </Group>
          <Paper withBorder radius="md" className="sy-compare">
            <div className="sy-compare-row sy-compare-head">
              <Text fw={600}>
                {leftName}{' '}
                <Badge color={left.enabled ? 'green' : 'gray'} variant="light">
                  {left.enabled ? 'On' : 'Off'}
                </Badge>
              </Text>
              <Text fw={600}>
                {rightName}{' '}
                <Badge color={right.enabled ? 'green' : 'gray'} variant="light">
                  {right.enabled ? 'On' : 'Off'}
                </Badge>
              </Text>
            </div>
            {rows.length === 0 && (
              <Text c="dimmed" p="md">
                Neither environment has strategies.
              </Text>
            )}
            <ol className="sy-compare-lines" aria-label={`Strategies of ${leftName} and ${rightName}`}>
              {rows.map((row, index) => (
                <li key={index} className="sy-compare-row" data-kind={row.kind}>
                  <Badge color={labels[row.kind][1]} variant="light" className="sy-compare-kind">
                    {labels[row.kind][0]}
                  </Badge>
                  <Side strategy={row.left} environment={leftName} />
                  <Side strategy={row.right} environment={rightName} />
                </li>
              ))}
            </ol>
          </Paper>
        </>
      )}
    </Stack>
  );
}
