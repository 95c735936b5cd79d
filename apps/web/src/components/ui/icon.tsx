import './ui.css';

// Line icons (24×24, stroke = currentColor) for the header, bottom nav and fields.
const PATHS = {
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z',
  'eye-off':
    'M3 3l18 18 M10.6 5.1A10.6 10.6 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4.1 M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.9 9.9 0 0 0 5.4-1.6 M9.9 9.9a3 3 0 0 0 4.2 4.2',
  back: 'M15 5l-7 7 7 7',
  chat: 'M4 5h16v11H9l-5 4V5Z',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z M4 21c0-4 3.6-6 8-6s8 2 8 6',
  home: 'M3 11l9-7 9 7 M5 10v10h5v-6h4v6h5V10',
  live: 'M12 14a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z M7.8 7.8a6 6 0 0 0 0 8.4 M16.2 7.8a6 6 0 0 1 0 8.4 M4.9 4.9a10 10 0 0 0 0 14.2 M19.1 4.9a10 10 0 0 1 0 14.2',
  bets: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z M12 7l4 3-1.5 4.5h-5L8 10l4-3Z',
  casino: 'M5 3h14v18H5V3Z M9 8h.01 M15 8h.01 M12 12h.01 M9 16h.01 M15 16h.01',
  ticket: 'M4 6h16v4a2 2 0 0 0 0 4v4H4v-4a2 2 0 0 0 0-4V6Z M10 9h4 M10 15h4',
  slip: 'M6 3h12v18l-3-2-3 2-3-2-3 2V3Z M9 8h6 M9 12h6',
  chevron: 'M6 9l6 6 6-6',
  close: 'M6 6l12 12 M18 6L6 18',
  lock: 'M6 11h12v10H6V11Z M8.5 11V8a3.5 3.5 0 0 1 7 0v3',
  search: 'M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13Z M15.5 15.5 20 20',
  forward: 'M9 5l7 7-7 7',
  star: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.9L12 3.5Z',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z M12 7v5l3 2',
  trophy: 'M8 4h8v5a4 4 0 0 1-8 0V4Z M8 6H5a3 3 0 0 0 3 4 M16 6h3a3 3 0 0 1-3 4 M12 13v4 M8 20h8',
  football:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z M12 8l3.5 2.5-1.3 4h-4.4l-1.3-4L12 8Z M12 3v5 M15.5 10.5 20 9 M14.2 14.5l2.3 4 M9.8 14.5l-2.3 4 M8.5 10.5 4 9',
  filter: 'M4 5h16l-6 8v6l-4-2v-4L4 5Z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({
  name,
  size = 22,
  filled = false,
}: {
  name: IconName;
  size?: number;
  filled?: boolean;
}) {
  return (
    <svg
      className="ui-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={PATHS[name]}
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
