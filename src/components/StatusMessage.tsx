export interface StatusMessageProps {
  readonly message: string;
  /** Shown as a Retry button when the failure was not caused by the input. */
  readonly onRetry?: () => void;
}

/** An error that the reader must see: announced by screen readers, with a retry where one can help. */
export function StatusMessage({ message, onRetry }: StatusMessageProps) {
  return (
    <div className="status status-error" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}
