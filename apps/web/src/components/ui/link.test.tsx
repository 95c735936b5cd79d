import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link, NavLink } from './link';

function Where() {
  const { pathname, search } = useLocation();
  return <output>{pathname + search}</output>;
}

function at(path: string, ui: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <Where />
    </MemoryRouter>,
  );
}

describe('Link', () => {
  it('is a real link that navigates in the app on a plain click', () => {
    at('/en/', <Link to="/en/live">Live</Link>);
    const link = screen.getByRole('link', { name: 'Live' });
    expect(link.getAttribute('href')).toBe('/en/live');
    fireEvent.click(link);
    expect(screen.getByRole('status').textContent).toBe('/en/live');
  });

  it('leaves a modified click (new tab) and a prevented one to the browser', () => {
    at(
      '/en/',
      <>
        <Link to="/en/live">Live</Link>
        <Link to="/en/casino" onClick={(e) => e.preventDefault()}>
          Casino
        </Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Live' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'Casino' }));
    expect(screen.getByRole('status').textContent).toBe('/en/');
  });

  it('resolves a query string against the current path', () => {
    at('/en/casino', <Link to="?provider=3">More</Link>);
    expect(screen.getByRole('link').getAttribute('href')).toBe('/en/casino?provider=3');
  });
});

describe('NavLink', () => {
  it.each([
    ['/en/live', '/en/live', false, true],
    ['/en/live/1/2', '/en/live', false, true],
    ['/en/LIVE', '/en/live', false, true],
    ['/en/live/1/2', '/en/live', true, false],
    ['/en/lives', '/en/live', false, false],
    ['/en/casino', '/en/live', false, false],
  ])('at %s, a link to %s (end: %s) is active: %s', (path, to, end, active) => {
    at(
      path,
      <NavLink to={to} end={end} className="nav">
        Live
      </NavLink>,
    );
    const link = screen.getByRole('link', { name: 'Live' });
    expect(link.className).toBe(active ? 'nav active' : 'nav');
    expect(link.getAttribute('aria-current')).toBe(active ? 'page' : null);
  });

  it('keeps the aria-current value it is given, only while active', () => {
    at(
      '/en/live',
      <>
        <NavLink to="/en/live" aria-current="location">
          Live
        </NavLink>
        <NavLink to="/en/casino" aria-current="location">
          Casino
        </NavLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Live' }).getAttribute('aria-current')).toBe('location');
    expect(screen.getByRole('link', { name: 'Casino' }).getAttribute('aria-current')).toBe(null);
  });
});
