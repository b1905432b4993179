// A local stand-in for the part of Netlify's API the enquiries function uses
// (src/functions/enquiries/netlify-enquiries.ts): one site's forms, the enquiry form's submissions
// (verified and spam), deleting one and marking it spam or not, with the bearer token checked. A
// test makes the next request fail as Netlify fails (`failNext`: a status, or no answer at all). It
// covers these endpoints only: it is not Netlify.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInSubmission {
  id: string;
  created_at: string;
  data: Record<string, unknown>;
  spam: boolean;
}

export interface SubmissionsStandIn {
  url: string;
  token: string;
  siteId: string;
  submissions: Map<string, StandInSubmission>;
  /** The next request answers this status (0: never answers). */
  failNext(status: number): void;
  close(): Promise<void>;
}

const FORM_ID = 'form-enquiry-1';

export async function submissionsStandIn(): Promise<SubmissionsStandIn> {
  const token = 'netlify-test-token';
  const siteId = 'site-1234';
  const submissions = new Map<string, StandInSubmission>();
  let failing: number | undefined;
  const send = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (failing !== undefined) {
      const status = failing;
      failing = undefined;
      if (status === 0) return; // no answer: the caller's timeout ends it
      return send(res, status, { code: status, message: 'Failing as asked' });
    }
    if (req.headers.authorization !== `Bearer ${token}`)
      return send(res, 401, { code: 401, message: 'Access Denied' });
    const path = url.pathname.replace(/^\/api\/v1/, '');
    if (req.method === 'GET' && path === `/sites/${siteId}/forms`)
      return send(res, 200, [
        { id: FORM_ID, name: 'enquiry', site_id: siteId, submission_count: submissions.size },
      ]);
    if (req.method === 'GET' && path === `/forms/${FORM_ID}/submissions`) {
      const spam = url.searchParams.get('state') === 'spam';
      const listed = [...submissions.values()]
        .filter((submission) => submission.spam === spam)
        .map(({ spam: _spam, ...submission }) => ({
          ...submission,
          form_id: FORM_ID,
          site_url: 'https://example.netlify.app',
        }));
      return send(res, 200, listed);
    }
    const one = /^\/submissions\/([^/]+)(?:\/(spam|ham))?$/.exec(path);
    const submission = one ? submissions.get(decodeURIComponent(one[1]!)) : undefined;
    if (one && !submission) return send(res, 404, { code: 404, message: 'Not Found' });
    if (req.method === 'DELETE' && one && !one[2]) {
      submissions.delete(submission!.id);
      return send(res, 204);
    }
    if (req.method === 'PUT' && one?.[2]) {
      submission!.spam = one[2] === 'spam';
      return send(res, 200, submission);
    }
    send(res, 404, { code: 404, message: 'Not Found' });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    token,
    siteId,
    submissions,
    failNext: (status) => void (failing = status),
    close: () => {
      server.closeAllConnections();
      return new Promise((closed) => server.close(() => closed()));
    },
  };
}
