import type { ComponentProps } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

// The app's links, built on react-router's own hooks (href resolution and click handling are the router's).
// react-router's Link and NavLink carry what the app never uses — prefetching of framework-mode route modules,
// view transitions, masked URLs, external URLs — and that code was ~2 KiB gzip of the first load. The markup
// is the same, less react-router's `data-discover` attribute (read only by its framework mode).

export interface LinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  /** An app path, or a path relative to the current route (`?page=2`). */
  to: To;
  replace?: boolean;
  state?: unknown;
}

/** An in-app link: a real `<a href>` that navigates in the app on a plain click (a modified click opens a tab). */
export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, state, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

export interface NavLinkProps extends LinkProps {
  /** Active only on exactly this path, not below it. */
  end?: boolean;
}

/**
 * A link that knows it leads to the current page: class `active` and `aria-current="page"` (or the value given)
 * when the location is its path or, unless `end`, below it — react-router's NavLink rule, case-insensitive.
 */
export function NavLink({ to, end = false, className, 'aria-current': ariaCurrent, ...rest }: NavLinkProps) {
  const target = useResolvedPath(to).pathname.toLowerCase();
  const current = useLocation().pathname.toLowerCase();
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const active = current === target || (!end && current.startsWith(target) && current.charAt(slash) === '/');
  return (
    <Link
      {...rest}
      to={to}
      aria-current={active ? (ariaCurrent ?? 'page') : undefined}
      className={[className, active ? 'active' : null].filter(Boolean).join(' ')}
    />
  );
}
