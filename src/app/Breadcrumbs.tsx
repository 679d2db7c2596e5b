import { Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { useIsAdmin } from '../auth/user';
import { visibleBreadcrumbs } from './breadcrumbs';
import { RouteLink } from './RouteLink';

export function Breadcrumbs() {
  const { pathname } = useLocation();
  const crumbs = visibleBreadcrumbs(pathname, useIsAdmin());
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="Breadcrumbs" className="sy-breadcrumbs">
      <MantineBreadcrumbs separator="›">
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Text key={crumb.to} size="sm" aria-current="page">
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
