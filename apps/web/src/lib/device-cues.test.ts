import { render, screen, fireEvent } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import NotifyOptIn from '../components/NotifyOptIn.svelte';
import { prefs } from './prefs.svelte.js';
import { armSound, playSound } from './sound-cue.js';
import { createSynth } from './sound.js';
import { TURN_TAG, TurnAlert } from './turn-alert.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  prefs.setNotify(false);
  prefs.setSoundOn(true);
});

/** A stand-in AudioContext counting the sounds it makes (oscillators and noise bursts started). */
function fakeAudio() {
  const started: string[] = [];
  const param = () => ({ value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} });
  const node = (kind: string) => ({ connect: (n: unknown) => n, start: () => started.push(kind), stop() {}, frequency: param(), gain: param(), Q: param(), type: '', buffer: null });
  class Ctx {
    state = 'suspended';
    currentTime = 0;
    sampleRate = 8000;
    destination = {};
    createGain = () => node('gain');
    createOscillator = () => node('osc');
    createBufferSource = () => node('noise');
    createBiquadFilter = () => node('filter');
    createBuffer = (_c: number, n: number) => ({ getChannelData: () => new Float32Array(n) });
    resume = () => {
      this.state = 'running';
      return Promise.resolve();
    };
  }
  vi.stubGlobal('AudioContext', Ctx);
  return started;
}

describe('sounds', () => {
  it('are silent until the first tap, then play, and not when muted (a remembered choice)', async () => {
    const started = fakeAudio();
    const target = new EventTarget();
    const disarm = armSound(target);
    playSound('card');
    await new Promise((r) => setTimeout(r, 5));
    expect(started).toEqual([]);
    target.dispatchEvent(new Event('pointerdown'));
    await vi.waitFor(() => {
      playSound('card');
      expect(started.length).toBeGreaterThan(0);
    });
    await new Promise((r) => setTimeout(r, 5));
    const n = started.length;
    prefs.setSoundOn(false);
    expect(localStorage.getItem('belote:sound')).toBe('0');
    playSound('turn');
    await new Promise((r) => setTimeout(r, 5));
    expect(started).toHaveLength(n);
    prefs.setSoundOn(true);
    playSound('turn');
    // made in a task of its own, not in the one that asked (the step's)
    expect(started).toHaveLength(n);
    await vi.waitFor(() => expect(started.length).toBeGreaterThan(n));
    disarm();
  });
});

describe('sounds, recorded', () => {
  it('are recorded once (offline), then each is one buffer source, not its nodes made again', async () => {
    const started = fakeAudio();
    const rendered: number[] = [];
    class Offline {
      constructor(_ch: number, public length: number, public sampleRate: number) {}
      destination = {};
      currentTime = 0;
      createGain = () => ({ connect: (n: unknown) => n, gain: { value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} } });
      createOscillator = () => ({ connect: (n: unknown) => n, start() {}, stop() {}, frequency: { value: 0 }, type: '' });
      createBufferSource = () => ({ connect: (n: unknown) => n, start() {}, stop() {}, buffer: null });
      createBiquadFilter = () => ({ connect: (n: unknown) => n, frequency: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, Q: { value: 0 }, type: '' });
      createBuffer = (_c: number, n: number) => ({ getChannelData: () => new Float32Array(n) });
      startRendering = () => (rendered.push(this.length), Promise.resolve({ length: this.length }));
    }
    vi.stubGlobal('OfflineAudioContext', Offline);
    const synth = createSynth()!;
    synth.resume();
    // before the recordings: made live, a noise burst and a note
    synth.play('card');
    expect(started).toEqual(['noise', 'osc']);
    // the five sounds, each as long as it lasts
    await vi.waitFor(() => expect(rendered).toHaveLength(5));
    await new Promise((r) => setTimeout(r, 0));
    synth.play('card');
    synth.play('dealEnd');
    // recorded: one buffer source each
    expect(started).toEqual(['noise', 'osc', 'noise', 'noise']);
  });
});

describe('turn notifications', () => {
  function fakeRegistration() {
    const shown: { title: string; options: NotificationOptions }[] = [];
    const closed: string[] = [];
    const reg = {
      showNotification: vi.fn(async (title: string, options: NotificationOptions) => void shown.push({ title, options })),
      getNotifications: vi.fn(async () => shown.map((s) => ({ ...s, close: () => closed.push(s.title) }))),
    };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: { getRegistration: async () => reg } }));
    return { reg, shown, closed };
  }
  function notifications(permission: NotificationPermission) {
    const ask = vi.fn(async () => permission);
    vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission, requestPermission: ask }));
    return ask;
  }

  it('notify a hidden page whose turn comes, opted in, and close when it is seen', async () => {
    notifications('granted');
    const { shown, closed } = fakeRegistration();
    prefs.setNotify(true);
    let vis: DocumentVisibilityState = 'hidden';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => vis);
    const alert = new TurnAlert();
    alert.set(true, false);
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]).toMatchObject({ title: '● Your turn — Belote', options: { body: 'Your turn to play.', tag: TURN_TAG } });
    // Still the same turn: no second notification.
    alert.set(true, false);
    vis = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(closed).toEqual(['● Your turn — Belote']));
    expect(shown).toHaveLength(1);
    alert.dispose();
  });

  it('do not notify without the opt-in, nor a visible page', async () => {
    notifications('granted');
    const { shown } = fakeRegistration();
    let vis: DocumentVisibilityState = 'hidden';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => vis);
    const alert = new TurnAlert();
    alert.set(true, false); // not opted in
    prefs.setNotify(true);
    alert.set(false, false);
    vis = 'visible';
    alert.set(true, false); // visible
    // then a turn that does notify (to bid, told apart by its text): the notifications above, had there been any, would come first
    alert.set(false, false);
    vis = 'hidden';
    alert.set(true, true);
    await vi.waitFor(() => expect(shown.length).toBeGreaterThan(0));
    expect(shown.map((n) => n.options.body)).toEqual(['Your turn to bid.']);
    alert.dispose();
  });

  it('touch the page and the browser only when something changes (set is called on every step)', async () => {
    notifications('granted');
    const { reg } = fakeRegistration();
    const get = vi.spyOn(navigator.serviceWorker!, 'getRegistration');
    prefs.setNotify(true);
    let vis: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => vis);
    const alert = new TurnAlert();
    const bidding = false;
    alert.set(false, bidding); // the first: a notification left over is closed
    for (let i = 0; i < 6; i++) alert.set(i % 2 === 0, bidding); // visible: nothing to show, nothing to close
    await vi.waitFor(() => expect(reg.getNotifications).toHaveBeenCalledTimes(1));
    expect(get).toHaveBeenCalledTimes(1);
    expect(document.title).toBe('Belote');
    // hidden, the turn comes and goes: shown once, closed once
    vis = 'hidden';
    alert.set(true, bidding);
    expect(document.title).toBe('● Your turn — Belote');
    alert.set(true, bidding);
    alert.set(false, bidding);
    alert.set(false, bidding);
    await vi.waitFor(() => expect(reg.getNotifications).toHaveBeenCalledTimes(2));
    expect(reg.showNotification).toHaveBeenCalledTimes(1);
    expect(document.title).toBe('Belote');
    alert.dispose();
  });

  it('ask the browser only when the player taps the button', async () => {
    const ask = notifications('default');
    render(NotifyOptIn, { variant: 'lobby' });
    expect(ask).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByTestId('notify-opt-in'));
    expect(ask).toHaveBeenCalledOnce();
    // Refused: the choice is not kept.
    expect(prefs.notify).toBe(false);
  });
});
