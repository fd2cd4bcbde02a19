// Component and store tests render at once, in any language: load every language's texts
// (the app loads only the one it shows, lib/i18n.ts) and every part of the table (parts.ts).
import { loadParts } from '../src/components/parts.js';
import { LANGS, SECTIONS, loadTexts } from '../src/lib/i18n.js';

// jsdom has no Web Animations, which Svelte's transitions and `animate:` use: a stand-in
// animation that finishes after its duration (tests may replace it to watch durations).
Element.prototype.getAnimations ??= () => [];
Element.prototype.animate ??= function (_keyframes: unknown, options?: number | KeyframeAnimationOptions): Animation {
  const duration = typeof options === 'number' ? options : Number(options?.duration ?? 0);
  const a = { onfinish: null as null | (() => void), cancel() {}, play() {}, pause() {}, finish() {}, currentTime: 0, playState: 'running', effect: null };
  setTimeout(() => a.onfinish?.(), duration);
  return a as unknown as Animation;
};

await Promise.all([...LANGS.flatMap((l) => SECTIONS.map((s) => loadTexts(l, s))), loadParts()]);
