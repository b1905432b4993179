// A version's short diff (the server's, as the proposals' own: src/functions/proposals/describe.ts)
// for an owner: added lines marked and green, removed ones struck and red, and where each part
// starts as "From line 12" rather than a diff's "@@ -12,3 +12,4 @@".

const HUNK = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** Lines added and removed, as the diff shows them. */
export function diffCounts(diff: string): { added: number; removed: number } {
  const lines = diff.split('\n');
  return {
    added: lines.filter((line) => line.startsWith('+')).length,
    removed: lines.filter((line) => line.startsWith('-')).length,
  };
}

export function DiffLines({ diff }: { diff: string }) {
  if (!diff) return <p>Nothing in the file changed.</p>;
  return (
    <pre className="export-diff history-diff-lines" tabIndex={0}>
      {diff.split('\n').map((line, i) => {
        const hunk = HUNK.exec(line);
        if (hunk)
          return (
            <span
              key={i}
              className="diff-place"
            >{`From line ${Math.max(1, Number(hunk[1]))}:\n`}</span>
          );
        if (line.startsWith('+')) return <ins key={i}>{`+ ${line.slice(1)}\n`}</ins>;
        if (line.startsWith('-')) return <del key={i}>{`- ${line.slice(1)}\n`}</del>;
        if (line.startsWith('…')) return <span key={i} className="diff-place">{`${line}\n`}</span>;
        return <span key={i}>{`  ${line.slice(1)}\n`}</span>;
      })}
    </pre>
  );
}
