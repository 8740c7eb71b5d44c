import { NavLink } from 'react-router-dom';
import { cn } from '../lib/cn';

const LINKS = [
  { to: '/search', label: 'Search' },
  { to: '/browser', label: 'Browser' },
  { to: '/analysis', label: 'Analyzer' },
];

/** Links between the three Frenly tools. */
export function SiteNav({ className }: { className?: string }) {
  return (
    <nav aria-label="Frenly tools" className={className}>
      <ul className="flex items-center gap-1">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-2 py-1.5 text-sm text-slate-700 sm:px-2.5 hover:bg-slate-100 hover:text-slate-900',
                  'focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none',
                  isActive && 'font-medium text-emerald-800',
                )
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
