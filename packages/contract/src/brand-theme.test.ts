import { describe, expect, it } from 'vitest';
import { brandTheme, contrastProblems, contrastRatio, drawnLogo, readableOn } from './brand-theme';
import { themeColorScheme } from './constants';

describe('brand theme', () => {
  it('measures contrast as WCAG 2 does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // WCAG's own example: #767676 on white is the lightest grey that passes AA (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('puts the more readable of white and black on the primary colour', () => {
    expect(readableOn('#0b7a3e')).toBe('#ffffff');
    expect(readableOn('#f5c518')).toBe('#111111');
  });

  it('derives a theme whose scheme is the one chosen, and flags the pairs below AA', () => {
    const dark = brandTheme({ primary: '#0B7A3E', accent: '#F5C518', scheme: 'dark' });
    expect(themeColorScheme(dark.background)).toBe('dark');
    expect(dark.primary).toBe('#0b7a3e');
    expect(contrastProblems(dark)).toEqual([]);
    const light = brandTheme({ primary: '#0b7a3e', accent: '#f5c518', scheme: 'light' });
    expect(themeColorScheme(light.background)).toBe('light');
    // Yellow text on a light background cannot be read.
    expect(contrastProblems(light).map((p) => p.pair)).toEqual(['accentOnBackground', 'accentOnSurface']);
  });

  it('draws a logo from the name when the brand has none, its text escaped', () => {
    const svg = decodeURIComponent(
      drawnLogo('ışık <Bet> & "co"', '#5b2a86', '#ffb400', '#f2f4f7').split(',')[1]!,
    );
    // Turkish upper case: ı → I (i → İ).
    expect(svg).toContain('>I</text>');
    expect(svg).toContain('>ışık &lt;Bet&gt; &amp; &quot;co&quot;</text>');
    expect(
      brandTheme({ primary: '#000000', accent: '#ffffff', scheme: 'dark', logoUrl: '/x.svg' }).logoUrl,
    ).toBe('/x.svg');
  });
});
