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
  // An ancestor links to its own screen; one without a screen shows as text (never a link to the not-found page).
  const exists = (to: string) => router.matchRoutes(to, {}).some((match) => match.routeId.startsWith('/main/'));
  return (
    <nav aria-label="Breadcrumbs" className="sy-breadcrumbs">
      <MantineBreadcrumbs separator="›">
        {crumbs.map((crumb, index) => {
          return index < crumbs.length - 1 && exists(crumb.to) ? (
            <RouteLink key={crumb.to} to={crumb.to as '/'} className="sy-crumb-link" size="sm">
              {crumb.label}
            </RouteLink>
          ) : (
            <Text key={crumb.to} size="sm" aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
              {crumb.label}
            </Text>
          );
        })}
      </MantineBreadcrumbs>
    </nav>
  );
}
