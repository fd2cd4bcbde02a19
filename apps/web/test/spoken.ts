/**
 * Roughly what a screen reader reads of an element, in order: its text, without what is
 * aria-hidden; a control or image named by aria-label is read by that name instead of its
 * content, any other element (a group, a list) by its name then its content. Enough to catch a
 * text read twice.
 */
export function spoken(el: Element): string {
  const parts: string[] = [];
  const walk = (n: Node): void => {
    if (n.nodeType === Node.TEXT_NODE) return void parts.push(n.textContent ?? '');
    if (!(n instanceof Element) || n.getAttribute('aria-hidden') === 'true' || n.hasAttribute('hidden') || n.matches('style, script, dialog:not([open])')) return;
    const label = n.getAttribute('aria-label');
    if (label !== null) {
      parts.push(` ${label} `);
      if (n.matches('button, a, input, img, [role=button], [role=link], [role=img]')) return;
    }
    for (const c of n.childNodes) walk(c);
    parts.push(' ');
  };
  walk(el);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** How many times `text` is read in `el`. */
export const timesSpoken = (el: Element, text: string): number => spoken(el).split(text).length - 1;
