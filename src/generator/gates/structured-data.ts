// Gate 5 (issue 5): every JSON-LD block of a page, extracted by @marbec/web-auto-extractor and
// validated by @adobe/structured-data-validator against schema.org's vocabulary (release 30.0, kept
// offline in the repo, gzipped: src/generator/gates/data/), plus what Google asks of a LocalBusiness.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import Validator from '@adobe/structured-data-validator';
import WebAutoExtractor from '@marbec/web-auto-extractor';

/** schema.org's schemaorg-all-https.jsonld, release 30.0, committed so a fresh clone validates offline. */
export const SCHEMA_ORG_VOCABULARY = fileURLToPath(
  new URL('./data/schemaorg-all-https.jsonld.gz', import.meta.url),
);

/**
 * Warnings that no change to the site could remove, each with why. Empty: every warning fails.
 * (Add an entry only with the validator's exact message and the reason it cannot be fixed.)
 */
export const UNREMOVABLE_WARNINGS: readonly { message: RegExp; why: string }[] = [];

/** What Google's LocalBusiness documentation lists as required or recommended, all asked here. */
export const LOCAL_BUSINESS_PROPERTIES = [
  'name',
  'address',
  'telephone',
  'url',
  'geo',
  'openingHoursSpecification',
  'priceRange',
] as const;

export interface StructuredDataIssue {
  severity: 'ERROR' | 'WARNING';
  type: string;
  message: string;
  path: string;
}

let validator: Validator | undefined;

function getValidator(): Validator {
  validator ??= new Validator(
    JSON.parse(gunzipSync(readFileSync(SCHEMA_ORG_VOCABULARY)).toString('utf8')),
  );
  return validator;
}

interface ValidatorIssue {
  severity: 'ERROR' | 'WARNING';
  rootType?: string;
  issueMessage: string;
  path?: { type?: string; property?: string; index?: number }[];
  fieldNames?: string[];
}

/** Validates the page's structured data; `blocks` counts its JSON-LD script elements. */
export async function validateStructuredData(
  html: string,
): Promise<{ blocks: number; nodes: Record<string, unknown>[]; issues: StructuredDataIssue[] }> {
  const blocks = [
    ...html.matchAll(
      /<script\b[^>]*type=["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi,
    ),
  ].map((match) => match[1]!);
  const extracted = new WebAutoExtractor({
    addLocation: true,
    embedSource: ['rdfa', 'microdata'],
  }).parse(html);
  const results = (await getValidator().validate(extracted)) as ValidatorIssue[];
  const issues = results
    .map((issue) => ({
      severity: issue.severity,
      type: issue.rootType ?? '?',
      message:
        issue.issueMessage + (issue.fieldNames?.length ? ` [${issue.fieldNames.join(', ')}]` : ''),
      path: (issue.path ?? []).map((step) => step.property ?? step.type ?? '').join(' > '),
    }))
    .filter(
      (issue) =>
        !(
          issue.severity === 'WARNING' &&
          UNREMOVABLE_WARNINGS.some((allowed) => allowed.message.test(issue.message))
        ),
    );

  // The extractor must have seen every block; a block it could not read is an error of its own.
  const nodes: Record<string, unknown>[] = [];
  for (const [index, text] of blocks.entries()) {
    try {
      const data = JSON.parse(text) as Record<string, unknown>;
      const graph = Array.isArray(data['@graph'])
        ? (data['@graph'] as Record<string, unknown>[])
        : [data];
      nodes.push(...graph);
    } catch (error) {
      issues.push({
        severity: 'ERROR',
        type: 'jsonld',
        message: `JSON-LD block ${index + 1} is not JSON: ${(error as Error).message}`,
        path: '',
      });
    }
  }
  const extractedCount = Object.values(
    (extracted as { jsonld?: Record<string, unknown[]> }).jsonld ?? {},
  ).reduce((sum, items) => sum + items.length, 0);
  if (nodes.length > 0 && extractedCount < nodes.length) {
    issues.push({
      severity: 'ERROR',
      type: 'jsonld',
      message: `the extractor read ${extractedCount} of ${nodes.length} JSON-LD nodes`,
      path: '',
    });
  }
  return { blocks: blocks.length, nodes, issues };
}

const typesOf = (node: Record<string, unknown>) => [node['@type']].flat().map(String);

/** The LocalBusiness nodes missing something of LOCAL_BUSINESS_PROPERTIES, as messages. */
export function localBusinessProblems(nodes: readonly Record<string, unknown>[]): string[] {
  return nodes
    .filter((node) => typesOf(node).includes('LocalBusiness'))
    .flatMap((node) =>
      LOCAL_BUSINESS_PROPERTIES.filter((property) => {
        const value = node[property];
        return (
          value === undefined ||
          value === null ||
          value === '' ||
          (Array.isArray(value) && value.length === 0)
        );
      }).map((property) => `LocalBusiness ${nameOf(node['@id'] ?? node.name)} has no ${property}`),
    );
}

export const hasLocalBusiness = (nodes: readonly Record<string, unknown>[]) =>
  nodes.some((node) => typesOf(node).includes('LocalBusiness'));

export const formatIssues = (issues: readonly StructuredDataIssue[]) =>
  issues.map(
    (issue) =>
      `${issue.severity} ${issue.type}${issue.path ? ` (${issue.path})` : ''}: ${issue.message}`,
  );

/**
 * Everything wrong with one page's structured data, a line each: the validator's errors and
 * warnings, and what a LocalBusiness lacks of Google's list (the browser tests and `npm run
 * check:change` alike). `nodes` and `blocks` say what was found.
 */
export async function structuredDataProblems(
  html: string,
): Promise<{ problems: string[]; nodes: Record<string, unknown>[]; blocks: number }> {
  const { blocks, nodes, issues } = await validateStructuredData(html);
  return { problems: [...formatIssues(issues), ...localBusinessProblems(nodes)], nodes, blocks };
}

/** A node's @id or name as a report shows it: a string as it is, anything else as JSON. */
const nameOf = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
