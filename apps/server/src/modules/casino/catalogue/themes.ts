import type { SLOT_SYMBOL_SHAPES } from '@sb/contract';

type Shape = (typeof SLOT_SYMBOL_SHAPES)[number];

export interface ThemeSymbol {
  label: string;
  shape: Shape;
  colour: string;
}

/** A slot theme: the words its games are named with, its colours and its four high symbols. */
export interface Theme {
  key: string;
  words: string[];
  background: string;
  accent: string;
  high: ThemeSymbol[];
}

/** The four low symbols every theme shares (card ranks), recoloured by the theme's accent on the page. */
export const LOW_SYMBOLS: ThemeSymbol[] = [
  { label: 'A', shape: 'square', colour: '#e5484d' },
  { label: 'K', shape: 'square', colour: '#3e9bf0' },
  { label: 'Q', shape: 'square', colour: '#46a758' },
  { label: 'J', shape: 'square', colour: '#b78af0' },
];
export const WILD_SYMBOL: ThemeSymbol = { label: 'WILD', shape: 'hexagon', colour: '#ffd84d' };
export const SCATTER_SYMBOL: ThemeSymbol = { label: 'FREE', shape: 'star', colour: '#ff7ad9' };

export const THEMES: Theme[] = [
  {
    key: 'fruit',
    words: ['Fruit', 'Cherry', 'Melon', 'Citrus', 'Berry'],
    background: '#5b1a3a',
    accent: '#ffb347',
    high: [
      { label: '7', shape: 'circle', colour: '#ff3b3b' },
      { label: 'BAR', shape: 'square', colour: '#f5f5f5' },
      { label: '♥', shape: 'heart', colour: '#ff6b9a' },
      { label: '●', shape: 'circle', colour: '#9be15d' },
    ],
  },
  {
    key: 'egypt',
    words: ['Pharaoh', 'Sphinx', 'Nile', 'Scarab', 'Pyramid'],
    background: '#3b2a10',
    accent: '#f2c94c',
    high: [
      { label: '▲', shape: 'triangle', colour: '#f2c94c' },
      { label: '◆', shape: 'diamond', colour: '#2dd4bf' },
      { label: '●', shape: 'circle', colour: '#e07a2f' },
      { label: '★', shape: 'star', colour: '#fff3b0' },
    ],
  },
  {
    key: 'ocean',
    words: ['Ocean', 'Pearl', 'Coral', 'Tide', 'Reef'],
    background: '#0b3a5b',
    accent: '#5ce1e6',
    high: [
      { label: '◆', shape: 'diamond', colour: '#5ce1e6' },
      { label: '●', shape: 'circle', colour: '#f7f7ff' },
      { label: '▲', shape: 'triangle', colour: '#ff8f70' },
      { label: '★', shape: 'star', colour: '#ffe66d' },
    ],
  },
  {
    key: 'dragon',
    words: ['Dragon', 'Jade', 'Lotus', 'Tiger', 'Lantern'],
    background: '#4a0d0d',
    accent: '#ffcc33',
    high: [
      { label: '★', shape: 'star', colour: '#ffcc33' },
      { label: '◆', shape: 'diamond', colour: '#34d399' },
      { label: '♥', shape: 'heart', colour: '#ff5a5a' },
      { label: '●', shape: 'circle', colour: '#fb923c' },
    ],
  },
  {
    key: 'space',
    words: ['Galaxy', 'Comet', 'Nova', 'Orbit', 'Nebula'],
    background: '#140b3a',
    accent: '#a78bfa',
    high: [
      { label: '★', shape: 'star', colour: '#fde047' },
      { label: '●', shape: 'circle', colour: '#a78bfa' },
      { label: '▲', shape: 'triangle', colour: '#38bdf8' },
      { label: '◆', shape: 'diamond', colour: '#f472b6' },
    ],
  },
  {
    key: 'gems',
    words: ['Diamond', 'Ruby', 'Sapphire', 'Emerald', 'Crystal'],
    background: '#102a43',
    accent: '#67e8f9',
    high: [
      { label: '◆', shape: 'diamond', colour: '#67e8f9' },
      { label: '◆', shape: 'diamond', colour: '#f43f5e' },
      { label: '◆', shape: 'diamond', colour: '#22c55e' },
      { label: '◆', shape: 'diamond', colour: '#818cf8' },
    ],
  },
  {
    key: 'western',
    words: ['Wild West', 'Gold Rush', 'Canyon', 'Sheriff', 'Saloon'],
    background: '#4a2c17',
    accent: '#f59e0b',
    high: [
      { label: '★', shape: 'star', colour: '#fbbf24' },
      { label: '♠', shape: 'circle', colour: '#f5f5f4' },
      { label: '▲', shape: 'triangle', colour: '#dc2626' },
      { label: '●', shape: 'circle', colour: '#a16207' },
    ],
  },
  {
    key: 'viking',
    words: ['Viking', 'Thunder', 'Valhalla', 'Rune', 'Frost'],
    background: '#1f2d3d',
    accent: '#93c5fd',
    high: [
      { label: '▲', shape: 'triangle', colour: '#93c5fd' },
      { label: '◆', shape: 'diamond', colour: '#e2e8f0' },
      { label: '★', shape: 'star', colour: '#fcd34d' },
      { label: '●', shape: 'circle', colour: '#ef4444' },
    ],
  },
  {
    key: 'jungle',
    words: ['Jungle', 'Safari', 'Amazon', 'Jaguar', 'Temple'],
    background: '#0f3d1e',
    accent: '#84cc16',
    high: [
      { label: '●', shape: 'circle', colour: '#f97316' },
      { label: '▲', shape: 'triangle', colour: '#84cc16' },
      { label: '◆', shape: 'diamond', colour: '#facc15' },
      { label: '★', shape: 'star', colour: '#22d3ee' },
    ],
  },
  {
    key: 'candy',
    words: ['Candy', 'Sugar', 'Bonbon', 'Lollipop', 'Cupcake'],
    background: '#6b1d5c',
    accent: '#f9a8d4',
    high: [
      { label: '♥', shape: 'heart', colour: '#f472b6' },
      { label: '●', shape: 'circle', colour: '#a3e635' },
      { label: '★', shape: 'star', colour: '#fde68a' },
      { label: '◆', shape: 'diamond', colour: '#60a5fa' },
    ],
  },
  {
    key: 'classic',
    words: ['Lucky', 'Golden', 'Triple', 'Hot', 'Royal'],
    background: '#2b0f45',
    accent: '#fbbf24',
    high: [
      { label: '7', shape: 'circle', colour: '#ef4444' },
      { label: 'BAR', shape: 'square', colour: '#fbbf24' },
      { label: '★', shape: 'star', colour: '#fde047' },
      { label: '♣', shape: 'bell', colour: '#22c55e' },
    ],
  },
  {
    key: 'myth',
    words: ['Olympus', 'Zeus', 'Athena', 'Titan', 'Medusa'],
    background: '#1e1b4b',
    accent: '#fcd34d',
    high: [
      { label: '★', shape: 'star', colour: '#fcd34d' },
      { label: '▲', shape: 'triangle', colour: '#e0e7ff' },
      { label: '◆', shape: 'diamond', colour: '#38bdf8' },
      { label: '●', shape: 'circle', colour: '#f97316' },
    ],
  },
];

/** Second words of game names; with the theme's first words they give every game a distinct name. */
export const NAME_ENDINGS = [
  'Fortune',
  'Riches',
  'Spins',
  'Quest',
  'Treasure',
  'Kingdom',
  'Legends',
  'Jackpot',
  'Deluxe',
  'Megaways',
  'Gold',
  'Blitz',
  'Fever',
  'Bonanza',
  'Empire',
  'Magic',
];
