import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TeamCrest } from './team-crest';

describe('TeamCrest', () => {
  it('is fetched at low priority, so the server render puts no preload for it in the page', () => {
    const html = renderToString(
      <div>
        <TeamCrest logo="/api/v1/team/1/crest.svg" />
        <TeamCrest logo="/api/v1/team/2/crest.svg" />
      </div>,
    );
    expect(html).toMatch(/<img [^>]*fetchPriority="low"/i);
    expect(html).toContain('crest.svg');
    expect(html).not.toMatch(/rel="preload"/);
  });
});
