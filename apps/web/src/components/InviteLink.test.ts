import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefs } from '../lib/prefs.svelte.js';
import InviteLink from './InviteLink.svelte';

const url = 'https://belote.example/t/abc';

function stubNavigator(share: (() => Promise<void>) | undefined, clipboard: boolean): ReturnType<typeof vi.fn> {
  const writeText = vi.fn(() => Promise.resolve());
  vi.stubGlobal('navigator', { ...navigator, share, clipboard: clipboard ? { writeText } : undefined });
  return writeText;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('InviteLink', () => {
  it('copies the link without a share button where Web Share is missing', async () => {
    prefs.setLang('en');
    const writeText = stubNavigator(undefined, true);
    render(InviteLink, { url });
    expect(screen.queryByTestId('share-link')).toBeNull();
    await fireEvent.click(screen.getByTestId('copy-link'));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(screen.getByTestId('copy-link').textContent).toBe('Link copied');
  });

  it('shares through the phone, and copies instead when sharing fails', async () => {
    prefs.setLang('en');
    const share = vi.fn(() => Promise.resolve());
    const writeText = stubNavigator(share, true);
    render(InviteLink, { url });
    await fireEvent.click(screen.getByTestId('share-link'));
    expect(share).toHaveBeenCalledWith({ title: 'Belote', url });
    expect(writeText).not.toHaveBeenCalled();

    share.mockImplementation(() => Promise.reject(new DOMException('no', 'NotAllowedError')));
    await fireEvent.click(screen.getByTestId('share-link'));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
    expect(screen.getByTestId('copy-link').textContent).toBe('Link copied');
  });

  it('does nothing when the player dismisses the share sheet', async () => {
    const share = vi.fn(() => Promise.reject(new DOMException('closed', 'AbortError')));
    const writeText = stubNavigator(share, true);
    render(InviteLink, { url });
    await fireEvent.click(screen.getByTestId('share-link'));
    await Promise.resolve();
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByTestId('copy-link').textContent).toBe('Copy link');
  });

  it('selects the link for a manual copy when there is no clipboard', async () => {
    stubNavigator(undefined, false);
    render(InviteLink, { url });
    await fireEvent.click(screen.getByTestId('copy-link'));
    const input = screen.getByTestId<HTMLInputElement>('invite-url');
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, url.length]);
  });
});
