import { useEffect, useState } from 'react';
import { configurationKey, type EnvironmentConfiguration } from './configuration';

/**
 * The Strategies tab's local copy of a toggle's environments. The server's copy (`remote`, polled every 5 seconds)
 * replaces it silently while the two agree (so a temporary id becomes the real one); when they differ, the refresh
 * notice opens until the user refreshes (the local copy becomes the server's and open edits start over) or
 * disregards that state of the server. The tab's own writes change the copy as they queue (`changeStrategies`); the
 * server's copy then agrees once it has them. Until the first answer since the tab opened (`answered`) the copy shown
 * may be the offline mirror's, older than the server's: that answer replaces it silently too.
 */
export function useLocalConfiguration<T extends EnvironmentConfiguration>(remote: T[], answered: boolean) {
  const [local, setLocal] = useState(remote);
  /** The copy follows the server's: the tab's first answer has been taken. */
  const [following, setFollowing] = useState(false);
  const [disregarded, setDisregarded] = useState<string>();
  /** Bumped on refresh: editors keyed by it start over from the new copy. */
  const [generation, setGeneration] = useState(0);
  const remoteKey = configurationKey(remote);
  const same = remoteKey === configurationKey(local);

  useEffect(() => {
    if (same || !following) setLocal(remote);
    if (answered && !following) setFollowing(true);
  }, [same, remote, answered, following]);

  return {
    local,
    generation,
    noticeOpen: following && !same && disregarded !== remoteKey,
    refresh: () => {
      setLocal(remote);
      setDisregarded(undefined);
      setGeneration((g) => g + 1);
    },
    disregard: () => setDisregarded(remoteKey),
    changeStrategies: (environment: string, update: (strategies: T['strategies']) => T['strategies']) =>
      setLocal((list) =>
        list.map((env) => (env.name === environment ? { ...env, strategies: update(env.strategies) } : env)),
      ),
  };
}
