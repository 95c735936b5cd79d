/** Simple line drawings per sport (24×24, currentColor), so the sport bar reads at a glance. */
const SPORT_PATHS: Record<number, string> = {
  0: 'M4 6h16 M4 12h16 M4 18h16',
  1: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z M12 8l3.5 2.5-1.3 4h-4.4l-1.3-4L12 8Z M12 3v5 M15.5 10.5 20 9 M14.2 14.5l2.3 4 M9.8 14.5l-2.3 4 M8.5 10.5 4 9',
  2: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z M3 12h18 M12 3v18 M5.6 5.6c3 3 3 9.8 0 12.8 M18.4 5.6c-3 3-3 9.8 0 12.8',
  4: 'M4 4l8 12 M20 4l-8 12 M4 19h6 M14 19h6 M12 16v0',
  5: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z M5 6c4 3 4 9 0 12 M19 6c-4 3-4 9 0 12',
  6: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z M7 5l5 7 5-7 M12 12v9 M3.5 10l8.5 2 8.5-2',
  12: 'M12 3c5 0 8 4 8 9s-3 9-8 9-8-4-8-9 3-9 8-9Z M8 8l8 8 M10 14l2-2 M12 12l2-2',
  20: 'M9 3a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z M13 13l6 6 M19 5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z',
  23: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z M12 3c-2 4-2 8 1 11 M4 9c4 0 8 1 11 4 M9 20c0-4 2-8 6-10',
};

export function SportIcon({ sportId, size = 20 }: { sportId: number; size?: number }) {
  return (
    <svg
      className="sport-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={SPORT_PATHS[sportId] ?? SPORT_PATHS[1]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
