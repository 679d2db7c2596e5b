import { Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useIsAdmin } from '../auth/user';
import { visibleBreadcrumbs, type Crumb, type CrumbLink } from './breadcrumbs';
import { RouteLink } from '../shared/ui/RouteLink';

export function Breadcrumbs() {
  const { pathname } = useLocation();
  const router = useRouter();
  const crumbs = visibleBreadcrumbs(pathname, useIsAdmin());
  if (crumbs.length === 0) return null;
  // An ancestor links to its own screen, else to its stand-in; with neither it shows as text (never a link to the
  // not-found page).
  const exists = (to: string) => router.matchRoutes(to, {}).some((match) => match.routeId.startsWith('/main/'));
  const linkOf = (crumb: Crumb): CrumbLink | undefined => (exists(crumb.to) ? { to: crumb.to } : crumb.standIn);
  return (
    <nav aria-label="Breadcrumbs" className="sy-breadcrumbs">
      <MantineBreadcrumbs separator="›">
        {crumbs.map((crumb, index) => {
          const link = index === crumbs.length - 1 ? undefined : linkOf(crumb);
          return link ? (
            <RouteLink key={crumb.to} to={link.to as '/'} search={link.search} className="sy-crumb-link" size="sm">
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
