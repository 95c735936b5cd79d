import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '@/test/render';
import { GAMES, PROVIDERS, fakeGame, installFakeCasinoApi, loggedInClient } from '../testing/fake-casino-api';
import { GameTile } from './game-tile';
import { fallbackThumbnail } from './game-thumbnail';

const openMock = vi.fn();
let api: ReturnType<typeof installFakeCasinoApi>;
beforeEach(() => {
  api = installFakeCasinoApi();
  openMock.mockReset();
  vi.stubGlobal('open', openMock);
});
afterEach(() => vi.unstubAllGlobals());

const plain = { ...fakeGame(101, PROVIDERS[0]!), demo: false };
const loginRoute = [{ path: '/en/login', element: <p>LOGIN SCREEN</p> }];

describe('fallbackThumbnail', () => {
  it('swaps a .gif for a .jpg once (spec §8), nothing else', () => {
    expect(fallbackThumbnail('/casino/thumbs/7.gif')).toBe('/casino/thumbs/7.jpg');
    expect(fallbackThumbnail('/t/7.GIF?v=2')).toBe('/t/7.jpg?v=2');
    expect(fallbackThumbnail('/casino/thumbs/7.jpg')).toBeNull();
  });
});

describe('GameTile', () => {
  it('shows thumbnail, name, vendor; the NEU badge only for new games; popular games take 2×2', async () => {
    const newPopular = { ...plain, id: 45, name: 'Golden Bosphorus', is_new: true, is_popular: true };
    await renderScreen(
      <>
        <GameTile game={plain} />
        <GameTile game={newPopular} />
      </>,
      { path: '/en/casino' },
    );
    const [first, second] = screen.getAllByTestId('game-tile');
    expect(first).toHaveTextContent('Slot 101');
    expect(first).toHaveTextContent('Aurora Reels');
    expect(first).not.toHaveTextContent('lobby.new_badge');
    expect(first).not.toHaveClass('game-tile--popular');
    expect(first!.querySelector('img')).toHaveAttribute('src', '/casino/thumbs/101.gif');
    expect(second).toHaveTextContent('lobby.new_badge');
    expect(second).toHaveClass('game-tile--popular');
  });

  it('retries a failing gif as jpg, then shows the initial instead of a broken image', async () => {
    await renderScreen(<GameTile game={plain} />, { path: '/en/casino' });
    const img = screen.getByTestId('game-tile').querySelector('img')!;
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/casino/thumbs/101.jpg');
    fireEvent.error(img);
    expect(screen.getByTestId('game-tile').querySelector('img')).toBeNull();
    expect(screen.getByTestId('game-tile').querySelector('.game-thumb--missing')).toHaveTextContent(/^S$/);
  });

  it('sends a visitor to login instead of opening the game (spec §6)', async () => {
    const { router } = await renderScreen(<GameTile game={plain} />, {
      path: '/en/casino',
      routes: loginRoute,
    });
    fireEvent.click(screen.getByRole('button', { name: 'lobby.play_game' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(openMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'lobby.favorite_add' })).toBeNull();
  });

  it('opens playnow in a new tab with the game extended id and the token when logged in', async () => {
    await renderScreen(<GameTile game={plain} />, { path: '/en/casino', queryClient: loggedInClient() });
    fireEvent.click(screen.getByRole('button', { name: 'lobby.play_game' }));
    expect(openMock).toHaveBeenCalledTimes(1);
    const [url, target] = openMock.mock.calls[0]! as [string, string];
    const opened = new URL(url);
    expect(opened.pathname).toBe('/api/v1/casino/playnow');
    expect(Object.fromEntries(opened.searchParams)).toMatchObject({
      mobile: '1',
      gameId: 'g-101',
      access_token: 'tok-1',
    });
    expect(opened.searchParams.has('demo')).toBe(false);
    expect(target).toBe('_blank');
  });

  it('offers demo play without login only on games that have it', async () => {
    const demoGame = GAMES.find((g) => g.demo)!;
    const { router } = await renderScreen(
      <>
        <GameTile game={demoGame} />
        <GameTile game={plain} />
      </>,
      { path: '/en/casino', routes: loginRoute },
    );
    const demoButtons = screen.getAllByRole('button', { name: 'lobby.play_demo' });
    expect(demoButtons).toHaveLength(1);
    fireEvent.click(demoButtons[0]!);
    const opened = new URL(openMock.mock.calls[0]![0] as string);
    expect(opened.searchParams.get('demo')).toBe('1');
    expect(opened.searchParams.get('gameId')).toBe(demoGame.extended_id);
    expect(opened.searchParams.has('access_token')).toBe(false);
    expect(router.state.location.pathname).toBe('/en/casino');
  });

  it('shows no Demo chip to a logged-in client (they play for real)', async () => {
    const demoGame = GAMES.find((g) => g.demo)!;
    await renderScreen(<GameTile game={demoGame} />, { path: '/en/casino', queryClient: loggedInClient() });
    await screen.findByRole('button', { name: 'lobby.play_game' });
    expect(screen.queryByRole('button', { name: 'lobby.play_demo' })).toBeNull();
  });

  it('stars and unstars a game for a logged-in client through the favourites calls', async () => {
    await renderScreen(<GameTile game={plain} />, { path: '/en/casino', queryClient: loggedInClient() });
    const star = await screen.findByRole('button', { name: 'lobby.favorite_add' });
    await waitFor(() => expect(star).toBeEnabled());
    expect(star).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(star);
    const on = await screen.findByRole('button', { name: 'lobby.favorite_remove' });
    expect(on).toHaveAttribute('aria-pressed', 'true');
    expect(api.favorites).toEqual([101]);
    expect(JSON.parse(String(api.fetchMock.mock.calls.at(-1)![1]!.body))).toEqual({ gameId: 101 });
    await waitFor(() => expect(on).toBeEnabled());
    fireEvent.click(on);
    await screen.findByRole('button', { name: 'lobby.favorite_add' });
    expect(api.requests('/api/v1/casino/favorites/101', 'DELETE')).toHaveLength(1);
    expect(api.favorites).toEqual([]);
  });
});
