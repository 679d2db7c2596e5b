import { Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useIsAdmin } from '../auth/user';
import { visibleBreadcrumbs } from './breadcrumbs';
import { RouteLink } from '../shared/ui/RouteLink';

export function Breadcrumbs() {
  const { pathname } = useLocation();
  const router = useRouter();
  const crumbs = visibleBreadcrumbs(pathname, useIsAdmin());
  if (crumbs.length === 0) return null;
  // A segment whose path is no screen (yet) shows as text rather than a link to the not-found page.
  const exists = (to: string) => router.matchRoutes(to, {}).some((match) => match.routeId.startsWith('/main/'));
  return (
    <nav aria-label="Breadcrumbs" className="sy-breadcrumbs">
      <MantineBreadcrumbs separator="›">
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 || !exists(crumb.to) ? (
            <Text key={crumb.to} size="sm" aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
              {crumb.label}
            </Text>
          ) : (
            <RouteLink key={crumb.to} to={crumb.to as '/'} size="sm">
              {crumb.label}
            </RouteLink>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}
