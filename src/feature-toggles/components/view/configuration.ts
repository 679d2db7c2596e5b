import type { StrategyInstance } from '../../../strategies/strategy-instance';

/** The parts of a toggle's environments the view compares and moves: name, state and strategies. */
export interface EnvironmentConfiguration {
  name: string;
  enabled: boolean;
  strategies: StrategyInstance[];
}

/**
 * A fingerprint of the environments and their strategies, for the Strategies tab's refresh notice. Ids are left out:
 * a strategy added offline has a temporary id until its add replays, and that is not a change made elsewhere.
 */
export function configurationKey(environments: EnvironmentConfiguration[]): string {
  return JSON.stringify(
    environments.map((env) => [
      env.name,
      env.enabled,
      env.strategies.map((s) => [
        s.name,
        Object.entries(s.parameters ?? {}).sort(([a], [b]) => a.localeCompare(b)),
        (s.constraints ?? []).map((c) => [c.contextName, c.operator, c.values]),
      ]),
    ]),
  );
}

/**
 * Moving a toggle to another project is allowed only if every environment that has strategies exists in the target
 * project: the environments that would be lost, in the toggle's order.
 */
export function missingEnvironments(environments: EnvironmentConfiguration[], targetEnvironments: string[]): string[] {
  return environments
    .filter((env) => env.strategies.length > 0 && !targetEnvironments.includes(env.name))
    .map((env) => env.name);
}
