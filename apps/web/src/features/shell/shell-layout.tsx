import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useServerMarkup } from '@/lib/server-markup';
import { Footer } from './footer';
import { ScrollToTop } from './scroll-to-top';
import './shell.css';

/**
 * The page frame. Header and bottom nav come from src/app (they belong to other features). Server-rendered, it is
 * inert until it has hydrated (each screen in it until its own chunk has).
 */
export function ShellLayout({ header, bottomNav }: { header?: ReactNode; bottomNav?: ReactNode }) {
  return (
    <div className="shell" inert={useServerMarkup()}>
      <ScrollToTop />
      {header}
      <main className="shell-main">
        <Outlet />
      </main>
      <Footer />
      {bottomNav}
    </div>
  );
}
