// What an /admin section read through a function says while it loads, when the read failed (in
// words, with Retry) and once it has the answer; the section tells /admin it is ready either way.
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { ApiCallFailure } from '../account/api-call.ts';

export type ReadState<T> =
  | { status: 'loading' }
  | { status: 'failed'; failure: ApiCallFailure }
  | { status: 'loaded'; data: T };

/** `read` (stable, undefined until the services are there) is run at first and on each retry; `title` heads a failure that is not the function's own. */
export function useApiRead<T>(
  read: (() => Promise<T>) | undefined,
  title: string,
  onReady: () => void,
): {
  state: ReadState<T>;
  setState: Dispatch<SetStateAction<ReadState<T>>>;
  retry: () => void;
} {
  const [state, setState] = useState<ReadState<T>>({ status: 'loading' });
  // The state says "loading" already (at first, or set by retry).
  const load = useCallback(() => {
    if (!read) return;
    void read()
      .then(
        (data) => setState({ status: 'loaded', data }),
        (caught: unknown) =>
          setState({
            status: 'failed',
            failure:
              caught instanceof ApiCallFailure
                ? caught
                : new ApiCallFailure(0, {
                    error: { code: 'unreachable', title, message: String(caught) },
                  }),
          }),
      )
      .finally(onReady);
  }, [read, title, onReady]);
  useEffect(load, [load]);
  const retry = () => {
    setState({ status: 'loading' });
    load();
  };
  return { state, setState, retry };
}
