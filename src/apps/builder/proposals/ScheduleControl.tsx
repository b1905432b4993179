// "Publish at…": a change whose checks passed is published by itself at a date and time in London,
// shown in the owner's words ("Publishes on Monday 2 December at 09:00"), changed or cancelled
// until then. Once its time has come and it could not be published yet, what the scheduled run
// found is said: waiting for the checks, or not published and why. The server refuses, in words,
// a time already past, more than a year ahead, a day that does not exist, and the hours the clocks
// skip or repeat.
import { useState } from 'react';
import type { Proposal } from '../../../kernel/wire/proposals.ts';
import { wallTimeWords } from '../../../kernel/wire/schedule-words.ts';
import type { ProposalsClient } from '../../shared/proposals-client.ts';
import { FailureNote } from './FailureNote.tsx';

export interface ScheduleControlProps {
  proposal: Proposal;
  client: ProposalsClient;
  onChanged: (proposal: Proposal) => void;
}

export function ScheduleControl({ proposal, client, onChanged }: ScheduleControlProps) {
  const { schedule } = proposal;
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(schedule?.date ?? '');
  const [time, setTime] = useState(schedule?.time ?? '09:00');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // The year the control opened in: a time in it is written without its year.
  const [thisYear] = useState(() => new Date().getFullYear());
  const send = async (when: { date: string; time: string } | undefined) => {
    setBusy(true);
    setFailure(null);
    try {
      onChanged(await client.schedule(proposal.id, when));
      setOpen(false);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const note = schedule?.note;
  return (
    <div className="schedule" data-schedule={schedule ? (note?.state ?? 'set') : 'none'}>
      {schedule ? (
        <p>
          <output>
            <strong>Publishes on {wallTimeWords(schedule, thisYear)}</strong> (UK time), set by{' '}
            {schedule.by}.{' '}
            {note ? (
              <>
                {note.state === 'waiting' ? 'Its time has come: ' : 'Not published at its time. '}
                {note.error.title}: {note.error.message} {note.error.hint}
              </>
            ) : null}
          </output>
        </p>
      ) : null}
      {open ? (
        <form
          className="schedule-form"
          onSubmit={(event) => {
            event.preventDefault();
            void send({ date, time });
          }}
        >
          <label htmlFor={`publish-date-${proposal.id}`}>Day</label>
          <input
            id={`publish-date-${proposal.id}`}
            type="date"
            required
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
          <label htmlFor={`publish-time-${proposal.id}`}>Time (UK)</label>
          <input
            id={`publish-time-${proposal.id}`}
            type="time"
            required
            value={time}
            onChange={(event) => setTime(event.target.value)}
          />
          <button type="submit" className="button" disabled={busy}>
            {schedule ? 'Change the time' : 'Publish at this time'}
          </button>
        </form>
      ) : (
        <div className="proposal-actions">
          <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
            {schedule ? 'Change the time…' : 'Publish at…'}
          </button>
          {schedule ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => void send(undefined)}
            >
              Do not publish at a time
            </button>
          ) : null}
        </div>
      )}
      {failure ? <FailureNote failure={failure} /> : null}
    </div>
  );
}
