import { i18n } from './i18n';

/**
 * Blueprint writes a few accessible names in English whatever the language, with no prop to change them:
 * the close button of dialogs, drawers and toasts ("Close"). They are relabelled here with the product's
 * texts, in one place, for every dialog a screen opens now or later.
 */
const LABELS: readonly { selector: string; key: string }[] = [
  { selector: 'button[aria-label="Close"]', key: 'common:close' },
];

function relabel(root: ParentNode): void {
  for (const { selector, key } of LABELS) {
    const text = i18n.t(key);
    // English needs nothing, and a missing text leaves Blueprint's.
    if (!text || text === key || text === 'Close') continue;
    for (const el of root.querySelectorAll(selector)) el.setAttribute('aria-label', text);
  }
}

/**
 * Watches the document and relabels Blueprint's built-in English names as overlays open. Returns the
 * function that stops watching.
 */
export function localizeBlueprintLabels(doc: Document = document): () => void {
  relabel(doc.body);
  const observer = new MutationObserver((mutations) => {
    for (const m of mutations) {
      for (const node of m.addedNodes) {
        if (node instanceof Element) {
          if (node.matches(LABELS.map((l) => l.selector).join(','))) relabel(node.parentElement ?? node);
          else relabel(node);
        }
      }
    }
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
