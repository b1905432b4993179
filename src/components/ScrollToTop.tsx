/** Without JavaScript this is a plain link to the top; the island shows it only past 300 px. */
export function ScrollToTop() {
  return (
    <a className="scroll-top" href="#top" data-island="scroll-top">
      <span aria-hidden="true">↑</span> Back to top
    </a>
  );
}
