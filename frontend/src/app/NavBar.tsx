/**
 * The navigation bar on every page: brand, Remote Jobs, Engineering Jobs, Top Companies, About,
 * Blog, then Login (signed out) or the profile circle (signed in, opens /dashboard).
 * At 768 px wide or less the links fold behind a Menu button (aria-expanded; Escape or a
 * navigation closes it and focus returns to the button). The bar's background turns solid once
 * the page has scrolled more than 100 px (`data-scrolled`).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { initialsOf } from './initials';
import { useSession, type SessionUser } from '../session/session';
import styles from './NavBar.module.css';

/** The bar changes its background after this many pixels of scroll. */
export const SCROLLED_AFTER_PX = 100;

export const NAV_LINKS = [
  { to: '/remote_jobs', label: 'Remote Jobs' },
  { to: '/engineering_jobs', label: 'Engineering Jobs' },
  { to: '/companies', label: 'Top Companies' },
  { to: '/about', label: 'About' },
  { to: '/blog', label: 'Blog' },
] as const;

function useScrolledPast(px: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > px);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [px]);
  return scrolled;
}

/** A circle with the user's initials, linking to their dashboard. */
export function ProfileCircle({ user }: { user: SessionUser }) {
  return (
    <Link to="/dashboard" className={styles.profile} aria-label={`Your dashboard (${user.name || user.email})`}>
      <span aria-hidden="true">{initialsOf(user)}</span>
    </Link>
  );
}

export function NavBar() {
  const scrolled = useScrolledPast(SCROLLED_AFTER_PX);
  const user = useSession();
  const { pathname } = useLocation();
  // The menu is open on the path it was opened on: going to another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className={styles.header} data-scrolled={scrolled}>
      <div className={styles.bar}>
        <Link to="/" className={styles.brand} aria-label="Latent Jobs home">
          <span className={styles.mark} aria-hidden="true">
            LJ
          </span>
          Latent Jobs
        </Link>
        <button
          ref={menuButton}
          type="button"
          className={styles.menuButton}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen(!open)}
        >
          <span className={styles.burger} aria-hidden="true" />
          Menu
        </button>
        <nav
          id={menuId}
          aria-label="Main"
          className={styles.nav}
          data-open={open}
          onClick={(event) => (event.target as Element).closest('a') && setOpen(false)}
        >
          <ul className={styles.links}>
            {NAV_LINKS.map(({ to, label }) => (
              <li key={to}>
                <NavLink to={to} className={styles.link}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
          {user ? (
            <ProfileCircle user={user} />
          ) : (
            <NavLink to="/login" className={styles.login}>
              Login
            </NavLink>
          )}
        </nav>
      </div>
    </header>
  );
}
