import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { countryName } from '../../../../core/countries';
import { fasciaName } from '../../../../core/fascias';
import { liveMessageError } from '../../../../core/live';
import {
  collisionWarning,
  describeSchedule,
  mayChangeRelease,
  scheduleRefusal,
  unscheduledWarning,
  type ReleaseAnswer,
  type ReleaseItemState,
} from '../../../../core/releases';
import { bookmarkFor } from '../../../../core/rules/page';
import type { PageKey } from '../../../../core/schemas';
import { call, errorMessage } from '../api';
import { LoadFailed } from '../history/LoadFailed';
import { livePageName } from '../live/liveNames';
import { RELEASES_PATH, navigate } from '../router';
import { announce } from '../state/announce';
import { toast } from '../state/toasts';
import { useRemote } from '../state/useRemote';
import { useChangeMessage } from '../ui/ChangeMessageField';
import { StateMessage } from '../ui/StateMessage';
import { TimeStamp } from '../ui/TimeStamp';
import { ReleaseActionDialog } from './ReleaseActionDialog';
import { ReleaseStatusBadge } from './ReleaseStatusBadge';
import {
  contentVersionsNewestFirst,
  describeItemChange,
  initialScheduleInput,
  scheduleFromInput,
  userTimeZone,
} from './releaseView';

/** Where a refusal is shown: beside what was asked. */
type RefusalPlace = 'schedule' | 'items' | 'actions';

/**
 * One release (issue 24 §4): its status, note and collisions; its items, each with a version to choose and a way
 * out; scheduling in the user's zone (shown with UTC), Unschedule, Go live now, Roll back and Delete. Read again
 * on every release or live move anywhere; a refusal stays where the action was, with what was typed.
 */
export function ReleaseDetail({ id, heard }: { id: number; heard: number }) {
  const [answer, setAnswer] = useState<ReleaseAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [refusals, setRefusals] = useState<Partial<Record<RefusalPlace, string>>>({});
  /** Set when a change took the release back from scheduled to draft; cleared once it is scheduled again. */
  const [unscheduled, setUnscheduled] = useState(false);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<'goLive' | 'rollBack' | 'delete' | null>(null);
  const itemsHeading = useRef<HTMLHeadingElement>(null);
  const title = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    try {
      setAnswer(await call('loadRelease', { id }));
      setLoadError(null);
    } catch (error) {
      setLoadError(errorMessage(error));
    }
  }, [id]);
  // Again for every release or live event heard: heard changes with each.
  useEffect(() => {
    void load();
  }, [load, heard]);

  // A new status replaces the controls (Schedule gives way to Unschedule, Roll back to none): the focus they held
  // goes to the release's name rather than to the top of the page.
  const status = answer?.release.status;
  useEffect(() => {
    if (status !== undefined && (document.activeElement === null || document.activeElement === document.body))
      title.current?.focus();
  }, [status]);

  if (loadError !== null && answer === null)
    return <LoadFailed what="The release" error={loadError} onRetry={() => void load()} />;
  if (answer === null) return <StateMessage kind="loading" title="Loading the release…" />;
  const { release, collisions } = answer;
  const changeable = mayChangeRelease(release.status);
  const zone = userTimeZone();

  /** Runs one action; its answer is shown at once (the release event reads it again too). */
  const run = async (
    place: RefusalPlace,
    action: () => Promise<ReleaseAnswer>,
    done: (next: ReleaseAnswer) => void,
  ) => {
    setBusy(true);
    setRefusals((current) => ({ ...current, [place]: undefined }));
    try {
      const next = await action();
      setAnswer(next);
      if (next.unscheduled) setUnscheduled(true);
      done(next);
    } catch (error) {
      setRefusals((current) => ({ ...current, [place]: errorMessage(error) }));
    } finally {
      setBusy(false);
    }
  };

  const setVersion = (pageKey: PageKey, version: number) =>
    void run(
      'items',
      () => call('changeReleaseItems', { id, set: [{ pageKey, version }] }),
      () => announce(`${livePageName(pageKey)} goes live at version ${version}`),
    );
  const remove = (pageKey: PageKey) =>
    void run(
      'items',
      () => call('changeReleaseItems', { id, remove: [pageKey] }),
      () => {
        toast(`Removed ${livePageName(pageKey)} from "${release.name}"`);
        // Its row and button are gone: the list's heading takes the focus, not the body.
        itemsHeading.current?.focus();
      },
    );
  const schedule = (at: string) =>
    void run(
      'schedule',
      () => call('scheduleRelease', { id, at }),
      (next) => {
        setUnscheduled(false);
        toast(`"${next.release.name}" is scheduled for ${describeSchedule(at, zone)}`);
      },
    );
  const unschedule = () =>
    void run(
      'actions',
      () => call('unscheduleRelease', { id }),
      (next) => toast(`"${next.release.name}" is no longer scheduled`),
    );

  return (
    <article className="release-detail" aria-labelledby="release-name">
      <a href={`#${RELEASES_PATH}`} className="release-all">
        All releases
      </a>
      <div className="release-title">
        <h2 id="release-name" ref={title} tabIndex={-1}>
          {release.name}
        </h2>
        <ReleaseStatusBadge status={release.status} />
      </div>
      <ReleaseFacts answer={answer} zone={zone} />
      {loadError !== null && (
        <p role="alert" className="banner-warning">
          The release could not be read again: {loadError}
        </p>
      )}
      {release.note && (
        <p role="note" className={release.status === 'failed' ? 'banner-warning release-note' : 'hint release-note'}>
          {release.note}
        </p>
      )}
      {unscheduled && release.status === 'draft' && (
        <p role="alert" className="banner-warning">
          {unscheduledWarning(release.name)}
        </p>
      )}
      {collisions.length > 0 && (
        <ul className="release-collisions" aria-label="Collisions">
          {collisions.map((collision) => (
            <li key={bookmarkFor(collision.pageKey)} className="banner-warning">
              {collisionWarning(
                [release.name, ...collision.releases.map(({ name }) => name)],
                livePageName(collision.pageKey),
              )}
            </li>
          ))}
        </ul>
      )}

      {/* Going live and rolled back, a release has nothing left to do. */}
      {(changeable || release.status === 'live') && (
        <section className="release-actions" aria-label="Actions">
          {(release.status === 'draft' || release.status === 'failed') && (
            <ScheduleForm
              scheduledFor={release.scheduledFor}
              zone={zone}
              busy={busy}
              refusal={refusals.schedule ?? null}
              onSchedule={schedule}
            />
          )}
          <div className="release-buttons">
            {release.status === 'scheduled' && (
              <button type="button" className="secondary" disabled={busy} onClick={unschedule}>
                Unschedule
              </button>
            )}
            {changeable && (
              <button type="button" className="secondary" disabled={busy} onClick={() => setDialog('goLive')}>
                Go live now
              </button>
            )}
            {release.status === 'live' && (
              <button type="button" className="secondary" disabled={busy} onClick={() => setDialog('rollBack')}>
                Roll back
              </button>
            )}
            {(release.status === 'draft' || release.status === 'failed') && (
              <button type="button" className="quiet" disabled={busy} onClick={() => setDialog('delete')}>
                Delete release
              </button>
            )}
          </div>
          {refusals.actions && (
            <p role="alert" className="field-warning">
              {refusals.actions}
            </p>
          )}
        </section>
      )}

      <h3 ref={itemsHeading} tabIndex={-1}>
        Items ({release.items.length})
      </h3>
      {refusals.items && (
        <p role="alert" className="field-warning">
          {refusals.items}
        </p>
      )}
      {release.items.length === 0 ? (
        <StateMessage kind="empty" title="This release holds no pages yet.">
          Select pages on the dashboard and add them to this release.
        </StateMessage>
      ) : (
        <ReleaseItems
          items={release.items}
          changeable={changeable}
          wentLive={release.wentLiveAt !== null}
          busy={busy}
          onSetVersion={setVersion}
          onRemove={remove}
        />
      )}

      <ReleaseActionDialog
        open={dialog === 'goLive'}
        title="Go live now"
        label="Go live now"
        busyLabel="Going live…"
        act={async () => {
          const next = await call('goLiveRelease', { id });
          setAnswer(next);
          toast(`"${next.release.name}" went live`);
        }}
        onClose={() => setDialog(null)}
      >
        <p>
          Put {release.items.length === 1 ? 'the one item' : `the ${release.items.length} items`} of{' '}
          <strong>{release.name}</strong> live now
          {release.items.length === 1 ? '.' : ': all of them in one go, or none if one is refused.'}
        </p>
      </ReleaseActionDialog>
      {dialog === 'rollBack' && (
        <RollBackReleaseDialog answer={answer} onDone={setAnswer} onClose={() => setDialog(null)} />
      )}
      <ReleaseActionDialog
        open={dialog === 'delete'}
        title="Delete release"
        label="Delete release"
        busyLabel="Deleting…"
        danger
        act={async () => {
          await call('deleteRelease', { id });
          toast(`Deleted release "${release.name}"`);
          navigate(RELEASES_PATH);
        }}
        onClose={() => setDialog(null)}
      >
        <p>
          Delete <strong>{release.name}</strong>? Its pages and their versions stay as they are.
        </p>
      </ReleaseActionDialog>
    </article>
  );
}

/** Who made the release and when; when it is to go live (the user's zone, with UTC); when it went live or back. */
function ReleaseFacts({ answer: { release }, zone }: { answer: ReleaseAnswer; zone: string }) {
  return (
    <dl className="release-facts">
      <dt>Created</dt>
      <dd>
        <TimeStamp iso={release.createdAt} /> by {release.createdBy}
      </dd>
      {release.scheduledFor && (
        <>
          <dt>{release.wentLiveAt ? 'Was scheduled for' : 'Goes live'}</dt>
          <dd>
            {describeSchedule(release.scheduledFor, zone)}
            {release.scheduledBy && <> · scheduled by {release.scheduledBy}</>}
          </dd>
        </>
      )}
      {release.wentLiveAt && (
        <>
          <dt>Went live</dt>
          <dd>{describeSchedule(release.wentLiveAt, zone)}</dd>
        </>
      )}
      {release.rolledBackAt && (
        <>
          <dt>Rolled back</dt>
          <dd>{describeSchedule(release.rolledBackAt, zone)}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * When to go live, as a date and time in the user's zone; below it the time as the release will show it, with
 * UTC. A time refused (past, or by the server) stays in the input with the reason.
 */
function ScheduleForm({
  scheduledFor,
  zone,
  busy,
  refusal,
  onSchedule,
}: {
  scheduledFor: string | null;
  zone: string;
  busy: boolean;
  refusal: string | null;
  onSchedule(at: string): void;
}) {
  const [value, setValue] = useState(() => initialScheduleInput(scheduledFor, new Date()));
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();
  const errorId = useId();
  const at = scheduleFromInput(value);
  const shown = problem ?? refusal;

  const submit = () => {
    const refused = scheduleRefusal(at ?? '', new Date());
    setProblem(refused);
    if (refused === null && at !== null) onSchedule(at);
  };

  return (
    <form
      className="release-schedule"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label>
        Go live at
        {/* To the second: a release may be timed to the second, and a time with seconds is not refused. */}
        <input
          type="datetime-local"
          step={1}
          value={value}
          aria-describedby={shown ? `${hintId} ${errorId}` : hintId}
          aria-invalid={shown !== null}
          onChange={(event) => {
            setValue(event.target.value);
            setProblem(null);
          }}
        />
      </label>
      <button type="submit" className="primary" disabled={busy}>
        Schedule
      </button>
      <p id={hintId} className="hint release-schedule-hint">
        {at ? describeSchedule(at, zone) : `A date and time in your time zone, ${zone}`}
      </p>
      {shown && (
        <p id={errorId} role="alert" className="field-warning release-schedule-hint">
          {shown}
        </p>
      )}
    </form>
  );
}

function ReleaseItems({
  items,
  changeable,
  wentLive,
  busy,
  onSetVersion,
  onRemove,
}: {
  items: readonly ReleaseItemState[];
  changeable: boolean;
  wentLive: boolean;
  busy: boolean;
  onSetVersion(pageKey: PageKey, version: number): void;
  onRemove(pageKey: PageKey): void;
}) {
  return (
    <table className="pages release-items">
      <caption className="visually-hidden">Pages of this release</caption>
      <thead>
        <tr>
          <th scope="col">Page</th>
          <th scope="col">Country</th>
          <th scope="col">Version</th>
          {wentLive && <th scope="col">Changed</th>}
          {changeable && (
            <th scope="col" className="pages-actions">
              Actions
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <ReleaseItemRow
            key={bookmarkFor(item.pageKey)}
            item={item}
            changeable={changeable}
            wentLive={wentLive}
            busy={busy}
            onSetVersion={onSetVersion}
            onRemove={onRemove}
          />
        ))}
      </tbody>
    </table>
  );
}

function ReleaseItemRow({
  item,
  changeable,
  wentLive,
  busy,
  onSetVersion,
  onRemove,
}: {
  item: ReleaseItemState;
  changeable: boolean;
  wentLive: boolean;
  busy: boolean;
  onSetVersion(pageKey: PageKey, version: number): void;
  onRemove(pageKey: PageKey): void;
}) {
  const { pageKey } = item;
  const name = livePageName(pageKey);
  // Only a release that can still change offers other versions.
  const versions = useRemote(changeable ? `${bookmarkFor(pageKey)}#versions` : null, async () =>
    contentVersionsNewestFirst((await call('listVersions', { key: pageKey })).versions),
  );
  const choices = versions.data ?? [];
  return (
    <tr>
      <td>
        {pageKey.page}
        <span className="muted">
          {' '}
          · {fasciaName(pageKey.fascia)} · {pageKey.platform} · {pageKey.source}
        </span>
      </td>
      <td title={pageKey.country.toUpperCase()}>{countryName(pageKey.country)}</td>
      <td>
        {changeable ? (
          <select
            aria-label={`Version of ${name}`}
            value={item.version}
            disabled={busy}
            onChange={(event) => onSetVersion(pageKey, Number(event.target.value))}
          >
            {/* Until the versions are read (or if they cannot be), the chosen one stands alone. */}
            {!choices.some(({ version }) => version === item.version) && (
              <option value={item.version}>Version {item.version}</option>
            )}
            {choices.map((version) => (
              <option key={version.version} value={version.version}>
                Version {version.version}
                {version.commitMessage ? ` · ${version.commitMessage}` : ''}
              </option>
            ))}
          </select>
        ) : (
          `Version ${item.version}`
        )}
        {versions.error && <span className="field-warning"> Other versions could not be read: {versions.error}</span>}
      </td>
      {wentLive && <td className="release-change">{describeItemChange(item)}</td>}
      {changeable && (
        <td className="pages-actions">
          <button
            type="button"
            className="quiet"
            disabled={busy}
            aria-label={`Remove ${name} from the release`}
            onClick={() => onRemove(pageKey)}
          >
            Remove
          </button>
        </td>
      )}
    </tr>
  );
}

/** Roll back a live release: every item back on the version it had before, with a message, as a page's roll back. */
function RollBackReleaseDialog({
  answer: { release },
  onDone,
  onClose,
}: {
  answer: ReleaseAnswer;
  onDone(answer: ReleaseAnswer): void;
  onClose(): void;
}) {
  const message = useChangeMessage(liveMessageError);
  return (
    <ReleaseActionDialog
      open
      title="Roll back release"
      label="Roll back"
      busyLabel="Rolling back…"
      message={message}
      act={async (text) => {
        const next = await call('rollBackRelease', { id: release.id, message: text ?? '' });
        onDone(next);
        toast(`"${next.release.name}" was rolled back`);
      }}
      onClose={onClose}
    >
      <p>
        Every item of <strong>{release.name}</strong> goes back to the version it had before the release went live.
      </p>
      <ul className="release-rollback-list" aria-label="What goes back">
        {release.items.map((item) => (
          <li key={bookmarkFor(item.pageKey)}>
            {livePageName(item.pageKey)}:{' '}
            {item.liveBefore === null ? 'was not live before' : `v${item.version} → v${item.liveBefore}`}
          </li>
        ))}
      </ul>
    </ReleaseActionDialog>
  );
}
