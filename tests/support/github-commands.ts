// Reads GitHub Actions workflow commands back the way the runner does (actions/runner,
// src/Runner.Common/ActionCommand.cs, TryParseV2): `::name key=value,key=value::data`, the
// properties split on "," and "=", then each value and the data unescaped, `%25` last.

export interface WorkflowCommand {
  command: string;
  properties: Record<string, string>;
  data: string;
}

const DATA_ESCAPES: [string, string][] = [
  ['\r', '%0D'],
  ['\n', '%0A'],
  ['%', '%25'],
];
const PROPERTY_ESCAPES: [string, string][] = [
  ['\r', '%0D'],
  ['\n', '%0A'],
  [':', '%3A'],
  [',', '%2C'],
  ['%', '%25'],
];

const unescape = (text: string, escapes: [string, string][]) =>
  escapes.reduce((value, [token, escaped]) => value.replaceAll(escaped, token), text);

/** One line as a workflow command, or undefined when the runner would not read it as one. */
export function parseWorkflowCommand(line: string): WorkflowCommand | undefined {
  if (!line.startsWith('::')) return undefined;
  const end = line.indexOf('::', 2);
  if (end < 0) return undefined;
  const head = line.slice(2, end);
  const space = head.indexOf(' ');
  const command = space < 0 ? head : head.slice(0, space);
  const properties: Record<string, string> = {};
  if (space >= 0) {
    for (const pair of head.slice(space + 1).split(',')) {
      const equals = pair.indexOf('=');
      if (equals > 0)
        properties[pair.slice(0, equals)] = unescape(pair.slice(equals + 1), PROPERTY_ESCAPES);
    }
  }
  return { command, properties, data: unescape(line.slice(end + 2), DATA_ESCAPES) };
}
