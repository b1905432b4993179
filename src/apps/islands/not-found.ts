/** Shows the requested address in the 404 message, as text, never as HTML. */
const target = document.getElementById('requested-path');
if (target) {
  let path = window.location.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape: show the address as the browser has it.
  }
  target.textContent = path;
}
