/**
 * Replace the prerendered first view (#first-view) by the app in one frame: as soon as a commit
 * leaves #root with content that is not the page loader (the home page, or an error screen),
 * remove #first-view and html[data-first-view] in the same task, before the next paint. Nothing
 * moves: the old boxes go and the new ones appear where they were (CLS counts neither).
 */
export function swapFirstViewWhenRendered(root: HTMLElement, doc: Document = document): void {
  const html = doc.documentElement;
  const firstView = doc.getElementById('first-view');
  if (!firstView || !html.hasAttribute('data-first-view')) {
    firstView?.remove();
    html.removeAttribute('data-first-view');
    return;
  }
  const rendered = () => root.firstElementChild !== null && root.querySelector('.page-loader') === null;
  const observer = new MutationObserver(() => {
    if (!rendered()) return;
    observer.disconnect();
    firstView.remove();
    html.removeAttribute('data-first-view');
  });
  observer.observe(root, { childList: true, subtree: true });
}
