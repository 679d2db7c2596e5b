import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { refreshFeature } from './refresh-feature';
import type { StrategyInstance } from '../../strategies/strategy-instance';
import type { FeatureToggle } from '../types';

export interface NewFeature {
  name: string;
  type: string;
  project: string;
  description: string;
  enabled: boolean;
}

/** The default strategy the classic create form sends (at least one strategy). */
export const DEFAULT_STRATEGIES: StrategyInstance[] = [{ name: 'default', parameters: {}, constraints: [] }];

/** Classic create: POST api/admin/features with the default strategy; the form shows a refusal. */
export function useCreateFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feature: NewFeature) =>
      api.post<FeatureToggle>('api/admin/features', { ...feature, strategies: DEFAULT_STRATEGIES }),
    meta: { inlineErrors: true },
    onSuccess: () => refreshFeature(queryClient),
  });
}
