/** A list of the History dialog that could not be loaded (versions, audit trail): why, and a way to ask again. */
export function LoadFailed({ what, error, onRetry }: { what: string; error: string | null; onRetry(): void }) {
  return (
    <div role="alert" className="history-error">
      <p className="field-error">
        {what} could not be loaded: {error}
      </p>
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
