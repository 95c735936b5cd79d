import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Footer } from './footer';
import { ScrollToTop } from './scroll-to-top';
import './shell.css';

/** The page frame. Header and bottom nav come from src/app (they belong to other features). */
export function ShellLayout({ header, bottomNav }: { header?: ReactNode; bottomNav?: ReactNode }) {
  return (
    <div className="shell">
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
